import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ClientAddressOf } from '../client-address/client-address.js';
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
  /** How many (method, route, status) outcomes are remembered at most (default 1024); tests set it lower. */
  readonly outcomeLimit?: number;
}

const OUTCOME_LIMIT = 1024;

/**
 * What the access log does per request, shared by the middleware and the cached-read fast path
 * (`routes/cached-read-fast-path.ts`), so both make the same request ids, count the same way and
 * write the same line.
 */
export interface AccessLog {
  /** The client's `X-Request-Id` when short and plain, else a new random UUID. */
  requestIdOf(presented: string | undefined): string;
  /**
   * The request counter and the access-log line; `started` is `performance.now()` at arrival,
   * `client` the client's address as the rate limits count it (`clientAddress`), left out of the
   * line when unknown.
   */
  record(requestId: string, method: string, route: string, status: number, started: number, client: string | undefined): void;
}

/** What one (method, route, status) shares: its counter labels and its access-log line writer. */
interface Outcome {
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly labels: Labels;
  /** Its access-log line: a pino child logger with the message, method, route and status bound. */
  readonly line: (fields: Record<string, unknown>) => void;
}

export function createAccessLog({ logger, metrics, outcomeLimit = OUTCOME_LIMIT }: RequestLogOptions): AccessLog {
  // One labels object per (method, route, status): the metrics registry remembers its label text.
  // And one line writer: a pino child logger with the message, method, route and status bound
  // (`infoLines`), so pino serialises only the request id, duration and client per line (the
  // cost of a cached read with and without: BENCHMARKS.md §6, third session). The line has the
  // same fields, in the order message, method, route, status, request_id, duration_ms, client.
  const outcomes = new Map<string, Outcome>();
  // Most requests repeat the previous one's (method, route, status): no key to build then.
  let last: Outcome = { method: '', route: '', status: 0, labels: Object.freeze({}), line: () => {} };
  const outcomeOf = (method: string, route: string, status: number): Outcome => {
    if (method === last.method && route === last.route && status === last.status) return last;
    const key = `${method} ${status} ${route}`;
    let outcome = outcomes.get(key);
    if (outcome === undefined) {
      const labels = Object.freeze({ method, route, status: String(status) });
      const line = logger.infoLines?.('request', { method, route, status }) ?? ((fields: Record<string, unknown>) => logger.info('request', { method, route, status, ...fields }));
      outcome = { method, route, status, labels, line };
      // Bounded, child loggers included: methods and statuses are few, routes are the app's own
      // patterns; past the limit all are dropped and made again as requests come.
      if (outcomes.size >= outcomeLimit) outcomes.clear();
      outcomes.set(key, outcome);
    }
    last = outcome;
    return outcome;
  };
  return {
    requestIdOf: (presented) => (presented && presented.length <= REQUEST_ID_LIMIT && !NOT_PLAIN.test(presented) ? presented : randomUUID()),
    record(requestId, method, route, status, started, client) {
      const outcome = outcomeOf(method, route, status);
      metrics.increment(REQUEST_COUNTER, outcome.labels);
      const durationMs = Math.round(performance.now() - started);
      // Paths only: query strings and headers may carry tokens. `client` is left out when undefined.
      outcome.line({ request_id: requestId, duration_ms: durationMs, client });
    },
  };
}

/**
 * The middleware; pass the app's `AccessLog` when another path shares it, and the app's
 * `clientAddress` (the one the rate limits count by) for the line's `client` field.
 */
export function requestLog(options: RequestLogOptions | AccessLog, clientAddress: ClientAddressOf = () => undefined): MiddlewareHandler<AppEnv> {
  const accessLog = 'record' in options ? options : createAccessLog(options);
  return async function requestLogMiddleware(context, next) {
    const started = performance.now();
    const requestId = accessLog.requestIdOf(requestHeader(context, 'x-request-id'));
    context.set('requestId', requestId);
    // Before the route runs: a socket closed during a long request may no longer say its peer.
    const client = clientOf(clientAddress, context);
    await next();
    if (context.get('headersComplete') !== true) addAppHeaders(context, requestId);
    accessLog.record(requestId, context.req.method, context.req.routePath, context.res.status, started, client);
  };
}

type RequestContext = Parameters<MiddlewareHandler<AppEnv>>[0];

/** The address, or undefined when it cannot be told: the request is answered and logged all the same. */
function clientOf(clientAddress: ClientAddressOf, context: RequestContext): string | undefined {
  try {
    return clientAddress(context.req.raw, context.env);
  } catch {
    return undefined;
  }
}

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
