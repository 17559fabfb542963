import { readFile, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, FeedError, loadFeedsFileFromPath, type CacheDriver, type FeedsFile } from '@pagefeed/core';
import { createMemoryCache, createSingleFlight, createStrategies, DEFAULT_RENDERER_WEBSOCKET_URL } from '@pagefeed/fetchers';
import { createPagefeedApp } from '../app.js';
import { createSentryTracker, noErrorTracker } from '../operating/error-tracking.js';
import { createLogger, type Logger } from '../operating/logger.js';
import { FEED_KEY_PREFIX } from '../serving/feed-service.js';
import { readSettings, type ServerEnvironment, type ServerSettings } from '../settings.js';
import { createRendererProbe } from './renderer-probe.js';
import { socketPeerAddress } from './socket-peer-address.js';
import { createStaticFiles } from './static-files.js';

/**
 * The Node adapter: environment → settings → feeds.yml, cache, engine, error tracking → the Hono
 * app on @hono/node-server, with graceful shutdown on SIGTERM/SIGINT.
 */
const PACKAGE_JSON = new URL('../../package.json', import.meta.url);
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../../apps/web/dist/', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

async function loadFeeds(settings: ServerSettings, env: ServerEnvironment, logger: Logger): Promise<{ feeds: FeedsFile; configError?: FeedError }> {
  const path = resolve(settings.feedsFile);
  if (!(await stat(path).then((file) => file.isFile(), () => false))) {
    logger.warn('feeds file not found: starting with no predefined feeds', { file: path, hint: 'set FEEDS_FILE or create feeds.yml' });
    return { feeds: { feeds: {}, accounts: [], source: path } };
  }
  try {
    const feeds = await loadFeedsFileFromPath(path, env);
    logger.info('feeds loaded', { file: path, feeds: Object.keys(feeds.feeds).length, accounts: feeds.accounts.length });
    return { feeds };
  } catch (error) {
    // An invalid file keeps the process up (liveness) but not ready, and says why.
    const configError = error instanceof FeedError ? error : new FeedError('ConfigurationInvalid', `Configuration file ${path} cannot be loaded: ${String(error)}`);
    logger.error('feeds file is invalid: not ready until it is fixed', { file: path, error: configError.message, hint: configError.hint });
    return { feeds: { feeds: {}, accounts: [], source: path }, configError };
  }
}

async function createCache(settings: ServerSettings, logger: Logger): Promise<CacheDriver> {
  if (!settings.redisUrl) return createMemoryCache();
  // Loaded only when configured: a server without REDIS_URL never loads ioredis.
  const { createRedisCache } = await import('@pagefeed/fetchers/redis');
  logger.info('cache: redis', { redis: new URL(settings.redisUrl).host });
  // Cached feeds written locally during a Redis outage go back to Redis when it returns, instead of
  // every instance fetching every feed again (single-flight locks and results are not: `feed:` only).
  return createRedisCache({ url: settings.redisUrl, logger, writeBack: (key) => key.startsWith(FEED_KEY_PREFIX) });
}

export interface RunningServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startServer(env: ServerEnvironment = process.env): Promise<RunningServer> {
  // Throws a FeedError that says what to set (production without SERVICE_SECRET_KEY, a bad PORT).
  const settings = readSettings(env);
  const logger = createLogger({ level: settings.logLevel });
  for (const warning of settings.warnings) logger.warn(warning);
  if (settings.trustedProxies.length > 0) {
    logger.info('client addresses: X-Forwarded-For of trusted proxies', { trusted_proxies: settings.trustedProxies.map((range) => range.text).join(',') });
  }
  if (settings.publicUrl !== undefined) {
    logger.info('public URL: feed self links and API links use it, whatever the request Host', { public_url: settings.publicUrl });
  }
  const version = (JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string }).version;
  const { feeds, configError } = await loadFeeds(settings, env, logger);
  const cache = await createCache(settings, logger);
  // With Redis, the per-host politeness limit is counted across all instances (its own connection).
  const hostLimiter = settings.redisUrl
    ? (await import('@pagefeed/fetchers/redis')).createRedisHostLimiter({ url: settings.redisUrl, logger })
    : undefined;
  const strategies = createStrategies(env, hostLimiter ? { hostLimiter } : {});
  const engine = createEngine({ strategies, autoSource: createAutoSource(), cache, allowPrivateNetworks: settings.allowPrivateNetworks, logger, extractionTimeoutMs: settings.extractionTimeoutMs });
  const errorTracker = settings.errorTrackingDsn
    ? await createSentryTracker({ dsn: settings.errorTrackingDsn, environment: settings.environment, release: version })
    : noErrorTracker;
  const staticFiles = await createStaticFiles(env['WEB_DIST_DIR'] ?? DEFAULT_WEB_ROOT);
  if (!staticFiles) logger.warn('web UI not built: / shows how to build it', { expected: env['WEB_DIST_DIR'] ?? DEFAULT_WEB_ROOT });

  const { app, feedService } = createPagefeedApp({
    engine,
    feeds,
    configError,
    cache,
    logger,
    errorTracker,
    staticFiles,
    singleFlight: createSingleFlight({ cache }),
    // `uptime` in the health report counts from process start, not from app creation.
    startedAt: new Date(Date.now() - process.uptime() * 1000),
    checkRenderer: createRendererProbe(env['RENDERER_WEBSOCKET_URL'] ?? DEFAULT_RENDERER_WEBSOCKET_URL),
    clientAddress: socketPeerAddress,
    settings: {
      environment: settings.environment,
      version,
      secretKey: settings.secretKey,
      accessToken: settings.accessToken,
      healthCheckToken: settings.healthCheckToken,
      metricsToken: settings.metricsToken,
      autoSourceEnabled: settings.autoSourceEnabled,
      bodyLimitBytes: settings.bodyLimitBytes,
      rateLimitPerMinute: settings.rateLimitPerMinute,
      trustedProxies: settings.trustedProxies,
      publicUrl: settings.publicUrl,
      strategies: Object.keys(strategies),
      rendererConfigured: settings.rendererConfigured,
    },
  });

  const server = await new Promise<Server>((ready) => {
    const started = serve({ fetch: app.fetch, port: settings.port }, () => ready(started as Server));
  });
  const { port } = server.address() as AddressInfo;
  logger.info('listening', { port, url: `http://localhost:${port}/`, environment: settings.environment, cache: cache.name });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('shutting down: finishing in-flight requests');
      // In-flight requests finish; idle keep-alive connections would hold close() open.
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      await Promise.race([closed, new Promise((done) => setTimeout(done, SHUTDOWN_GRACE_MS).unref())]);
      await feedService.idle();
      await cache.close?.();
      await hostLimiter?.close();
      await errorTracker.flush();
      logger.info('stopped');
    })());
  return { port, stop };
}
