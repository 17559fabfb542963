import { isFeedError, type FetchContext, type FetchRequest, type FetchResult, type FetchStrategy } from '@pagefeed/core';
import { fetchFailed, finishResponse } from './finish.js';

/**
 * A fetch whose last step, turning the response's bytes into a `FetchResult` (charset decoding,
 * the anti-bot check, then the status and content-type checks, `finishResponse`), is left to the
 * caller, so that it can run on another thread: the server's extraction pool passes the bytes to a
 * worker as a transferred buffer and finishes there. Everything before it (network guard on every
 * hop, redirects, time budget, size limit, per-host limit, conditional requests) has run.
 *
 * `finishFetch` on the other side gives the same result, or throws the same error, as the
 * strategy's own `fetch` would have.
 */
export interface UnfinishedResponse {
  /** The URL that was asked for (error messages of failures while finishing name it). */
  readonly requestUrl: string;
  /** The final URL after redirects. */
  readonly url: string;
  readonly status: number;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The decompressed, undecoded body. */
  readonly body: Uint8Array;
}

/** Either a finished result (a 304 from the validator cache, a rendered page, one to be stored) or the bytes to finish. */
export type FetchOutcome = { readonly result: FetchResult; readonly unfinished?: undefined } | { readonly unfinished: UnfinishedResponse; readonly result?: undefined };

/** A strategy that can also hand over the unfinished response (`withGuard`'s strategies can). */
export interface UnfinishedFetchStrategy extends FetchStrategy {
  fetchUnfinished(request: FetchRequest, context: FetchContext): Promise<FetchOutcome>;
}

export function canFetchUnfinished(strategy: FetchStrategy): strategy is UnfinishedFetchStrategy {
  return typeof (strategy as Partial<UnfinishedFetchStrategy>).fetchUnfinished === 'function';
}

/**
 * The `FetchResult` of an unfinished response, exactly as `fetch` would have returned it: the same
 * FeedErrors (blocked surface, upstream status, content type), and an unexpected failure wrapped
 * as `fetch` wraps it.
 */
export function finishFetch(unfinished: UnfinishedResponse): FetchResult {
  try {
    return finishResponse(unfinished);
  } catch (error) {
    if (isFeedError(error)) throw error;
    throw fetchFailed(unfinished.requestUrl, error);
  }
}
