import { FeedError } from '@pagefeed/core';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { createAccounts } from './auth/accounts.js';
import { createClientAddress } from './client-address/client-address.js';
import { ApiError, toErrorResponse } from './errors/status.js';
import { compression } from './middleware/compression.js';
import { createRateLimiter } from './middleware/rate-limit.js';
import { createAccessLog, requestLog } from './middleware/request-log.js';
import { noErrorTracker } from './operating/error-tracking.js';
import { silentLogger } from './operating/logger.js';
import { createMetrics } from './operating/metrics.js';
import { parsePublicUrl } from './public-url.js';
import { API_PREFIX, type RouteContext } from './routes/context.js';
import { createCachedReadFastPath } from './routes/cached-read-fast-path.js';
import { registerFeedCreate } from './routes/feed-create.js';
import { registerFeedList } from './routes/feed-list.js';
import { registerFeedRead } from './routes/feed-read.js';
import { registerFeedsOpml } from './routes/feeds-opml.js';
import { registerArticle } from './routes/article.js';
import { registerHealth } from './routes/health.js';
import { registerInstance } from './routes/instance.js';
import { registerMetrics } from './routes/metrics.js';
import { registerSnapshot } from './routes/snapshot.js';
import { registerWebUi } from './routes/web-ui.js';
import { createFeedService, type FeedService } from './serving/feed-service.js';
import { createLocalSingleFlight } from './serving/single-flight.js';
import type { AppDeps, AppEnv } from './types.js';

export interface PagefeedApp {
  readonly app: Hono<AppEnv>;
  readonly feedService: FeedService;
}

/**
 * In production without PUBLIC_URL, say once that links follow each request's Host: behind a proxy
 * that rewrites Host, or with clients using several names, the links differ per reader.
 */
function logLinkOrigin(route: RouteContext): void {
  if (route.deps.settings.environment !== 'production' || route.publicOrigin !== undefined) return;
  route.logger.info('PUBLIC_URL is not set: feed self links and API links follow each request\'s Host header (the feed cache does not); set PUBLIC_URL=https://your.host to fix them');
}

/** The HTTP API as a runtime-free Hono app; the Node adapter lives in `main.ts`. */
export function createPagefeedApp(deps: AppDeps): PagefeedApp {
  const clock = deps.clock ?? (() => new Date());
  const logger = deps.logger ?? silentLogger;
  const metrics = deps.metrics ?? createMetrics();
  const errorTracker = deps.errorTracker ?? noErrorTracker;
  const feedService = createFeedService({ engine: deps.engine, cache: deps.cache, singleFlight: deps.singleFlight ?? createLocalSingleFlight(), clock, logger, metrics, errorTracker });
  const route: RouteContext = {
    deps,
    accounts: createAccounts(deps.feeds.accounts, deps.settings.accessToken),
    feedService,
    clock,
    logger,
    metrics,
    errorTracker,
    startedAt: deps.startedAt ?? clock(),
    // Checked here too, for apps built with createApp: a trailing slash would double in every link.
    publicOrigin: parsePublicUrl(deps.settings.publicUrl),
  };
  logLinkOrigin(route);
  const app = new Hono<AppEnv>();

  const accessLog = createAccessLog({ logger, metrics });
  // One function for the middleware and the fast path, so both count a request as the same client.
  const clientAddress = createClientAddress(deps.clientAddress ?? (() => undefined), deps.settings.trustedProxies ?? []);
  app.use(requestLog(accessLog, clientAddress));
  app.use(compression());
  const rateLimiter =
    deps.settings.rateLimitPerMinute > 0 ? createRateLimiter({ perMinute: deps.settings.rateLimitPerMinute, cache: deps.cache, clock, metrics, clientAddress }) : undefined;
  if (rateLimiter) {
    // `/feeds/*` also matches `/feeds` itself.
    app.use(`${API_PREFIX}/feeds/*`, rateLimiter.middleware);
    app.use(`${API_PREFIX}/preview`, rateLimiter.middleware);
    app.use(`${API_PREFIX}/article`, rateLimiter.middleware);
    app.use(`${API_PREFIX}/snapshot`, rateLimiter.middleware);
  }
  const limitBody = bodyLimit({
    maxSize: deps.settings.bodyLimitBytes,
    onError: () => {
      throw new ApiError('PayloadTooLarge', `The request body is larger than ${deps.settings.bodyLimitBytes} bytes.`, 'send only {"url", "strategy"}, with "items" and "selectors" for a selectors feed');
    },
  });
  // Only methods that carry a body: asking a GET for its body (`request.body`) makes
  // @hono/node-server build a full web Request with an AbortSignal per request (a tenth of a cached
  // read's time), and a middleware that only passes GETs on still costs a step per request. The
  // routes that read a body are POST routes; other methods reach no route that reads one.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], `${API_PREFIX}/*`, limitBody);

  registerInstance(app, route);
  registerHealth(app, route);
  registerFeedList(app, route);
  registerFeedsOpml(app, route);
  registerArticle(app, route);
  const feedReader = registerFeedRead(app, route);
  registerFeedCreate(app, route);
  registerSnapshot(app, route);
  registerMetrics(app, route);
  registerWebUi(app, route);

  app.notFound((context) => {
    const response = toErrorResponse(new ApiError('NotFound', `No route ${context.req.method} ${context.req.path}.`, 'GET /api/v1/openapi.json lists every route'), context.get('requestId'));
    return context.json(response.body, 404);
  });

  app.onError((error, context) => {
    const requestIdValue = context.get('requestId');
    const mapped = error instanceof HTTPException && !(error.cause instanceof Error) ? fromHttpException(error) : error;
    const response = toErrorResponse(mapped, requestIdValue);
    if (response.unexpected) {
      logger.error('unexpected failure', { request_id: requestIdValue, method: context.req.method, route: context.req.routePath, error });
      errorTracker.capture(error, { request_id: requestIdValue, route: context.req.routePath });
    } else if (response.status >= 500) {
      logger.warn('upstream failure', { request_id: requestIdValue, code: response.body.error.code, error_message: response.body.error.message });
    }
    return context.json(response.body, response.status as 500, response.headers);
  });

  if (deps.cachedReadFastPath !== false) {
    // Fresh cached reads of predefined feeds are answered before Hono, synchronously, with the
    // same code and semantics (see routes/cached-read-fast-path.ts); everything else goes on to Hono.
    const fastPath = createCachedReadFastPath({ reader: feedReader, feedService, accessLog, rateLimiter, clock, clientAddress });
    const dispatch = app.fetch;
    app.fetch = (request, env, executionContext) => fastPath(request, env) ?? dispatch(request, env, executionContext);
  }

  return { app, feedService };
}

/** Hono's own exceptions (malformed requests) in the API's error shape. */
function fromHttpException(error: HTTPException): unknown {
  if (error.status === 413) return new ApiError('PayloadTooLarge', 'The request body is too large.');
  if (error.status === 404) return new ApiError('NotFound', error.message || 'Not found.');
  if (error.status === 400) return new FeedError('InputInvalid', error.message || 'Malformed request.');
  if (error.status < 500) return new ApiError('Forbidden', error.message || 'Request refused.');
  return error;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  return createPagefeedApp(deps).app;
}
