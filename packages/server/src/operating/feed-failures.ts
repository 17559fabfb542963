import { isFeedError, type FeedConfig } from '@pagefeed/core';
import type { ErrorTracker } from './error-tracking.js';

/**
 * Feed failures an operator should act on, sent to error tracking as events: a predefined feed
 * that fails (fetch, blocked, no scraper, bad content type…) or yields no items, and the renderer
 * unreachable for any feed. Grouped per feed and error code (the fingerprint), at most one event
 * per feed per interval; the feed id, URL host, strategy and hint go along as tags. Callers'
 * mistakes (401, 400, unknown feeds, bad parameters) never reach here: they are not generations.
 */
export interface FailedFeed {
  readonly label: string;
  readonly config: FeedConfig;
  /** Predefined feeds are the operator's; created feeds are their creators' (except the renderer). */
  readonly kind?: 'predefined' | 'created' | undefined;
}

export interface FeedFailureReporter {
  failed(feed: FailedFeed, error: unknown): void;
  empty(feed: FailedFeed): void;
}

export const DEFAULT_FEED_FAILURE_INTERVAL_MS = 60 * 60 * 1000;

/** Codes that say "the setup of this server" rather than "this page". */
const SERVER_SETUP_CODES = new Set(['RendererConnectionFailed']);
/** Codes of a request, not of a feed's source: never reported. */
const CALLER_CODES = new Set(['InputInvalid', 'ParameterInvalid', 'FeedNotFound', 'AutoSourceUnavailable']);
/** Tag values are short in every error tracker (Sentry: 200 characters). */
const TAG_LENGTH = 200;

export function createFeedFailureReporter(tracker: ErrorTracker, clock: () => number, intervalMs = DEFAULT_FEED_FAILURE_INTERVAL_MS): FeedFailureReporter {
  const lastReported = new Map<string, number>();

  function due(label: string): boolean {
    const now = clock();
    const last = lastReported.get(label);
    if (last !== undefined && now - last < intervalMs) return false;
    if (lastReported.size >= 10_000) lastReported.clear();
    lastReported.set(label, now);
    return true;
  }

  function send(feed: FailedFeed, code: string, message: string, hint: string | undefined, level: 'error' | 'warning'): void {
    if (!due(feed.label)) return;
    const tags: Record<string, string> = {
      feed: feed.label,
      feed_kind: feed.kind ?? 'created',
      code,
      url_host: hostOf(feed.config.channel.url),
      strategy: feed.config.strategy,
    };
    if (hint) tags['hint'] = hint.slice(0, TAG_LENGTH);
    tracker.report({ message: `${code}: ${message}`, level, fingerprint: ['pagefeed.feed-failure', feed.label, code], tags });
  }

  return {
    failed(feed, error) {
      // Unexpected failures (not FeedErrors) are reported by the app's error handler already.
      if (!isFeedError(error) || CALLER_CODES.has(error.code)) return;
      if (feed.kind !== 'predefined' && !SERVER_SETUP_CODES.has(error.code)) return;
      send(feed, error.code, error.message, error.hint, 'error');
    },
    empty(feed) {
      if (feed.kind !== 'predefined') return;
      send(feed, 'NoItems', `Feed '${feed.label}' has no items`, 'check items.selector against the page; see the "Empty feed" causes in the docs', 'warning');
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid-url';
  }
}
