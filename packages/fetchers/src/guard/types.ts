import type { FetchLogger, RequestConfig } from '@pagefeed/core';
import type { CheckedTarget, NetworkGuard } from './network-guard.js';

/** What the guard hands a strategy's core hook: a checked target and the limits to honour. */
export interface GuardedRequest {
  readonly target: CheckedTarget;
  /** Final outgoing headers: User-Agent, Accept, the feed's headers, conditional headers. */
  readonly headers: Readonly<Record<string, string>>;
  readonly request: RequestConfig;
  /** Aborts when the total time budget is spent or the caller gives up. */
  readonly signal: AbortSignal;
  /** Epoch milliseconds at which the budget ends. */
  readonly deadline: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  /** For strategies that make further requests themselves (the renderer's subresources). */
  readonly guard: NetworkGuard;
  readonly logger?: FetchLogger;
}

export interface RawResponse {
  readonly url: string;
  readonly status: number;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Bytes to decode by charset, or text a browser has already decoded. */
  readonly body: Uint8Array | string;
}

/** The one hook a strategy writes; `withGuard` owns every safety check around it. */
export interface StrategyCore {
  readonly name: string;
  /** True when the strategy follows redirects itself and checks each hop (a browser does). */
  readonly followsRedirects: boolean;
  /** False when a 304 cannot be turned into a stored body (a rendered page is not the HTML). */
  readonly conditionalRequests: boolean;
  load(request: GuardedRequest): Promise<RawResponse>;
}
