import { FeedError, isFeedError, type FetchContext, type FetchRequest, type FetchResult } from '@pagefeed/core';
import { createConditionalStore } from './conditional.js';
import { fetchFailed, finishResponse } from './finish.js';
import type { FetchOutcome, UnfinishedFetchStrategy } from './unfinished.js';
import { createHostLimiter, type HostLimiter } from './host-limiter.js';
import { createNetworkGuard, type Resolver } from './network-guard.js';
import { DEFAULT_OUTGOING_HEADERS, outgoingHeaders } from './outgoing-headers.js';
import type { StrategyCore } from './types.js';

export const DEFAULT_TIMEOUT_SECONDS = 20;
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_CONCURRENCY_PER_HOST = 4;

export interface GuardOptions {
  /** Default when the FetchContext does not say; ALLOW_PRIVATE_NETWORKS=true sets it. */
  readonly allowPrivateNetworks?: boolean;
  readonly resolver?: Resolver;
  /** Shared between strategies so `plain` and `renderer` count against one per-host limit. */
  readonly hostLimiter?: HostLimiter;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The one wrapper every strategy runs inside: time budget, network guard on every hop, redirect
 * limit, per-host concurrency, outgoing headers, conditional requests, and the checks on the final
 * response (blocked surface, HTTP status, content type, charset). A strategy only loads one URL.
 */
export function withGuard(core: StrategyCore, options: GuardOptions = {}): UnfinishedFetchStrategy {
  const limiter = options.hostLimiter ?? createHostLimiter(DEFAULT_CONCURRENCY_PER_HOST);

  async function fetch(request: FetchRequest, context: FetchContext): Promise<FetchResult> {
    return (await guarded(request, context, false)).result!;
  }

  /**
   * The same fetch, but a body that is neither stored for conditional requests nor already text
   * comes back unfinished (`UnfinishedResponse`): decoding and the final checks are the caller's
   * (`finishFetch`), e.g. on a worker thread.
   */
  function fetchUnfinished(request: FetchRequest, context: FetchContext): Promise<FetchOutcome> {
    return guarded(request, context, true);
  }

  async function guarded(request: FetchRequest, context: FetchContext, unfinished: boolean): Promise<FetchOutcome> {
    const timeoutSeconds = request.request.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS;
    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(budgetExpired(request.url, timeoutSeconds)), timeoutSeconds * 1000);
    const signal = request.signal ? AbortSignal.any([request.signal, budget.signal]) : budget.signal;
    try {
      // Settled by the signal too, so that nothing (a slow DNS answer, a hanging cache) outlives the budget.
      return await untilAborted(run(request, context, signal, Date.now() + timeoutSeconds * 1000, unfinished), signal);
    } catch (error) {
      if (budget.signal.aborted) throw budget.signal.reason as FeedError;
      if (isFeedError(error)) throw error;
      if (request.signal?.aborted) throw new FeedError('FetchFailed', `Fetching ${request.url} was cancelled`, { cause: error });
      throw fetchFailed(request.url, error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function run(request: FetchRequest, context: FetchContext, signal: AbortSignal, deadline: number, unfinished: boolean): Promise<FetchOutcome> {
    const guard = createNetworkGuard({
      allowPrivateNetworks: context.allowPrivateNetworks ?? options.allowPrivateNetworks ?? false,
      ...(options.resolver ? { resolver: options.resolver } : {}),
    });
    const maxRedirects = request.request.max_redirects ?? DEFAULT_MAX_REDIRECTS;
    const withFeedHeaders = outgoingHeaders(request.headers);
    const origin = hostnameOf(request.url);
    const store = core.conditionalRequests ? createConditionalStore(context.cache, request.url, request.headers, context.logger) : undefined;
    const stored = await store?.load();
    const visited: string[] = [];
    let url = request.url;
    for (;;) {
      const target = await guard.check(url);
      visited.push(target.url.href);
      signal.throwIfAborted();
      const release = await limiter.acquire(target.url.host, signal);
      // The feed's headers (cookies, authorization) follow redirects within the site only.
      const headers = sameSite(origin, target.url.hostname) ? withFeedHeaders : DEFAULT_OUTGOING_HEADERS;
      const conditional = store?.headers(stored);
      const raw = await core
        .load({
          target,
          headers: conditional === undefined || isEmpty(conditional) ? headers : { ...headers, ...conditional },
          request: request.request,
          signal,
          deadline,
          maxBytes: request.request.max_bytes ?? DEFAULT_MAX_BYTES,
          maxRedirects,
          guard,
          ...(context.logger ? { logger: context.logger } : {}),
        })
        .finally(release);
      const location = raw.headers['location'];
      if (!core.followsRedirects && REDIRECT_STATUSES.has(raw.status) && location !== undefined) {
        url = new URL(location, raw.url).href;
        if (visited.includes(url)) throw tooManyRedirects(request.url, [...visited, url], maxRedirects, true);
        if (visited.length > maxRedirects) throw tooManyRedirects(request.url, [...visited, url], maxRedirects, false);
        continue;
      }
      if (raw.status === 304 && stored) return { result: { ...stored.result, revalidated: true } };
      // A body kept for conditional requests is stored decoded, so it is finished here.
      if (unfinished && typeof raw.body !== 'string' && !store?.keeps(raw.status, raw.headers)) {
        return { unfinished: { requestUrl: request.url, url: raw.url, status: raw.status, headers: raw.headers, body: raw.body } };
      }
      const result = finishResponse(raw);
      await store?.save(result);
      return { result };
    }
  }

  return { name: core.name, fetch, fetchUnfinished };
}

function sameSite(first: string, second: string): boolean {
  return first === second || first.endsWith(`.${second}`) || second.endsWith(`.${first}`);
}

/** `work`'s outcome, or the signal's reason as soon as it aborts (one promise, one listener, removed after). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function isEmpty(record: Readonly<Record<string, string>>): boolean {
  for (const _name in record) return false;
  return true;
}

function tooManyRedirects(url: string, chain: readonly string[], limit: number, loop: boolean): FeedError {
  const what = loop ? 'redirects in a loop' : `redirected more than ${limit} times (request.max_redirects)`;
  return new FeedError('TooManyRedirects', `${url} ${what}: ${chain.join(' -> ')}; use the final URL directly`, {
    path: 'url',
    details: { chain, limit },
  });
}

function budgetExpired(url: string, seconds: number): FeedError {
  return new FeedError(
    'FetchTimeout',
    `Fetching ${url} took longer than ${seconds} s (request.timeout_seconds): the source is slow or unreachable; raise request.timeout_seconds or try later`,
    { path: 'request.timeout_seconds', details: { timeoutSeconds: seconds } },
  );
}
