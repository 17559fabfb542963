import { isFeedError } from '@pagefeed/core';
import type { Metrics } from '../operating/metrics.js';

/** The latency histograms of feed generation and fetching, by strategy and outcome (`prometheus.ts`). */
const GENERATION = 'pagefeed_feed_generation_duration_seconds';
const FETCH = 'pagefeed_fetch_duration_seconds';

/** Error codes that end a generation while fetching the source. */
const FETCH_FAILURES = new Set(['FetchFailed', 'FetchTimeout', 'UpstreamHttpError', 'TooManyRedirects', 'ResponseTooLarge', 'NetworkAddressRefused', 'RendererConnectionFailed', 'BlockedSurface', 'UnsupportedResponseContentType']);

export function observeGeneration(metrics: Metrics | undefined, strategy: string, seconds: number, fetchSeconds: number): void {
  metrics?.histogram(GENERATION, seconds, { strategy, outcome: 'ok' });
  metrics?.histogram(FETCH, fetchSeconds, { strategy, outcome: 'ok' });
}

/** A failed generation's time, by the error code; a failure to fetch is a fetch's time too. */
export function observeFailedGeneration(metrics: Metrics | undefined, strategy: string, error: unknown, seconds: number): void {
  const outcome = isFeedError(error) ? error.code : 'unexpected';
  metrics?.histogram(GENERATION, seconds, { strategy, outcome });
  if (FETCH_FAILURES.has(outcome)) metrics?.histogram(FETCH, seconds, { strategy, outcome });
}
