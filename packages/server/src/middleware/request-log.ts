import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../operating/logger.js';
import type { Labels, Metrics } from '../operating/metrics.js';
import type { AppEnv } from '../types.js';
import { requestHeader } from './request-header.js';

/**
 * The first middleware: request id, the headers every response carries (`X-Request-Id`,
 * `X-Content-Type-Options: nosniff`), the request counter and one access-log line per request.
 *
 * A client's `X-Request-Id` is kept when it is short and plain (Hono's requestId rules: at most 255
 * characters of `[A-Za-z0-9_=-]`), else a random UUID is made. The headers are added to the response
 * the route built, not prepared beforehand: preparing them makes Hono create a web `Headers` object
 * per request, wasted on the cached-feed route, which writes every header itself in one plain object
 * (`responseWithAppHeaders`). They are set on the response's own header list, never with
 * `context.header()` after `next()`: that makes Hono copy the response into a web-stream Response,
 * which takes @hono/node-server off its fast path (half a bare app's throughput).
 */
const REQUEST_ID_LIMIT = 255;
const NOT_PLAIN = /[^\w\-=]/;
const REQUEST_COUNTER = 'pagefeed_http_requests_total';

export interface RequestLogOptions {
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/**
 * What the access log does per request, shared by the middleware and the cached-read fast path
 * (`routes/cached-read-fast-path.ts`), so both make the same request ids, count the same way and
 * write the same line.
 */
export interface AccessLog {
  /** The client's `X-Request-Id` when short and plain, else a new random UUID. */
  requestIdOf(presented: string | undefined): string;
  /** The request counter and the access-log line; `started` is `performance.now()` at arrival. */
  record(requestId: string, method: string, route: string, status: number, started: number): void;
}

export function createAccessLog({ logger, metrics }: RequestLogOptions): AccessLog {
  // One labels object per (method, route, status): the metrics registry remembers its label text.
  const counterLabels = new Map<string, Labels>();
  // Most requests repeat the previous one's (method, route, status): no key to build then.
  let last = { method: '', route: '', status: 0, labels: Object.freeze({}) as Labels };
  const labelsOf = (method: string, route: string, status: number): Labels => {
    if (method === last.method && route === last.route && status === last.status) return last.labels;
    const key = `${method} ${status} ${route}`;
    let labels = counterLabels.get(key);
    if (labels === undefined) {
      labels = Object.freeze({ method, route, status: String(status) });
      // Bounded: methods and statuses are few, routes are the app's own patterns.
      if (counterLabels.size >= 1024) counterLabels.clear();
      counterLabels.set(key, labels);
    }
    last = { method, route, status, labels };
    return labels;
  };
  return {
    requestIdOf: (presented) => (presented && presented.length <= REQUEST_ID_LIMIT && !NOT_PLAIN.test(presented) ? presented : randomUUID()),
    record(requestId, method, route, status, started) {
      metrics.increment(REQUEST_COUNTER, labelsOf(method, route, status));
      // Paths only: query strings and headers may carry tokens.
      logger.info('request', { request_id: requestId, method, route, status, duration_ms: Math.round(performance.now() - started) });
    },
  };
}

/** The middleware; pass the app's `AccessLog` when another path shares it. */
export function requestLog(options: RequestLogOptions | AccessLog): MiddlewareHandler<AppEnv> {
  const accessLog = 'record' in options ? options : createAccessLog(options);
  return async function requestLogMiddleware(context, next) {
    const started = performance.now();
    const requestId = accessLog.requestIdOf(requestHeader(context, 'x-request-id'));
    context.set('requestId', requestId);
    await next();
    if (context.get('headersComplete') !== true) addAppHeaders(context, requestId);
    accessLog.record(requestId, context.req.method, context.req.routePath, context.res.status, started);
  };
}

type RequestContext = Parameters<MiddlewareHandler<AppEnv>>[0];

function addAppHeaders(context: RequestContext, requestId: string): void {
  const wanted: ReadonlyArray<readonly [string, string]> = [
    ['X-Request-Id', requestId],
    ['X-Content-Type-Options', 'nosniff'],
  ];
  try {
    const headers = context.res.headers;
    for (const [name, value] of wanted) if (!headers.has(name)) headers.set(name, value);
  } catch {
    // A response with immutable headers (one from fetch(), Response.redirect()): Hono copies it.
    for (const [name, value] of wanted) if (!context.res.headers.has(name)) context.header(name, value);
  }
}
