import type { AccessLog } from '../middleware/request-log.js';
import { headerOfRequest, listHeaderOfRequest } from '../middleware/request-header.js';
import type { RateLimiter, RateSubjects } from '../middleware/rate-limit.js';
import type { FeedService } from '../serving/feed-service.js';
import { negotiateFormat } from '../serving/http-caching.js';
import { FEED_READ_ROUTE, type FeedReader } from './feed-read.js';

/**
 * The cached-read fast path: `GET /api/v1/feeds/{name}[.ext]` of a predefined feed whose URL the
 * route has resolved before and whose entry is fresh in a cache that can be read without a
 * promise (the memory driver), answered before Hono is asked, synchronously.
 *
 * Why: through Hono, the access-log and rate-limit middleware make every request a chain of
 * promises (Hono's compose is async as soon as a route has middleware), and the cache read is a
 * promise too; @hono/node-server then writes the response a few microtask turns later instead of
 * within the socket's read. That and Hono's per-request context cost about as much as the whole
 * bare app's request (benchmark 3).
 *
 * Same semantics: it does what the middleware and the route do for such a request, with their
 * own code (`AccessLog`, `RateLimiter`, `FeedReader.answer`, `FeedService.freshNow`): the same
 * request id rules, headers, ETag/Last-Modified/304, `X-Cache: fresh`, rate-limit counts, cache
 * metrics, request counter and access-log line. Everything else is left to Hono untouched:
 * methods other than GET (HEAD included), created feeds (their token is verified on every read),
 * URLs not resolved yet, entries that are not fresh (stale, missing: refresh logic), a cache that
 * needs a promise (Redis), shared rate-limit counters, and a request over the rate limit. The
 * decision is made before anything is counted, so a request left to Hono is counted once, there.
 */
export interface FastPathOptions {
  readonly reader: FeedReader;
  readonly feedService: FeedService;
  readonly accessLog: AccessLog;
  /** Absent when the rate limit is off. */
  readonly rateLimiter: RateLimiter | undefined;
  readonly clock: () => Date;
  readonly clientAddress: (request: Request, env: unknown) => string | undefined;
}

/** A response, or undefined when Hono must answer the request. */
export type FastPath = (request: Request, env: unknown) => Response | undefined;

export function createCachedReadFastPath(options: FastPathOptions): FastPath {
  const { reader, feedService, accessLog, rateLimiter, clock, clientAddress } = options;
  return (request, env) => {
    if (request.method !== 'GET') return undefined;
    const target = reader.knownTarget(request.url);
    if (target === undefined) return undefined;
    const started = performance.now();
    let answered: { readonly response: Response; readonly requestId: string; readonly subjects: RateSubjects | undefined; readonly client: string | undefined };
    try {
      const now = clock().getTime();
      // Asked once: the rate limiter counts it and the access log names it.
      const client = clientAddress(request, env);
      const subjects = rateLimiter?.admitsNow(now, client, headerOfRequest(request, env, 'authorization'));
      if (rateLimiter && subjects === undefined) return undefined;
      const format = target.extension ?? negotiateFormat(listHeaderOfRequest(request, env, 'accept'));
      const feedRequest = reader.requestFor(target, format);
      const entry = feedService.freshNow(feedRequest, now);
      if (entry === undefined) return undefined;
      const requestId = accessLog.requestIdOf(headerOfRequest(request, env, 'x-request-id'));
      const conditions = {
        ifNoneMatch: listHeaderOfRequest(request, env, 'if-none-match'),
        ifModifiedSince: headerOfRequest(request, env, 'if-modified-since'),
        acceptEncoding: listHeaderOfRequest(request, env, 'accept-encoding'),
      };
      answered = { response: reader.answer(target, format, feedRequest, entry, 'fresh', now, conditions, requestId), requestId, subjects, client };
    } catch {
      // Nothing is counted yet: Hono's path meets the same failure and answers it as it answers
      // every error (onError, the error shape, the log line).
      return undefined;
    }
    // From here on the request is this path's: count it as the middleware and the route would.
    if (answered.subjects !== undefined) rateLimiter?.countNow(answered.subjects);
    feedService.countFresh();
    // Never `response.headers` here: on @hono/node-server that would build a full web Response
    // and take the answer off the adapter's fast write path.
    accessLog.record(answered.requestId, 'GET', FEED_READ_ROUTE, answered.response.status, started, answered.client);
    return answered.response;
  };
}
