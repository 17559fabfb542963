import { readFile, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createAutoSource } from '@pagefeed/auto-source';
import { createCacheFirstSeen, createEngine, FeedError, loadFeedsFileFromPath, type CacheDriver, type FeedsFile, type FirstSeenStore } from '@pagefeed/core';
import {
  createFileFirstSeen,
  createMemoryCache,
  createSingleFlight,
  createStrategies,
  dataDirectory,
  DEFAULT_RENDERER_WEBSOCKET_URL,
  firstSeenDirectory,
  resolveStrategy,
} from '@pagefeed/fetchers';
import { createPagefeedApp } from '../app.js';
import { createPooledEngine } from '../pool/pooled-engine.js';
import { createSentryTracker, noErrorTracker } from '../operating/error-tracking.js';
import { createLogger, type Logger } from '../operating/logger.js';
import { createMetrics } from '../operating/metrics.js';
import { createPrometheusRegistry } from '../operating/prometheus.js';
import { createPrettyLogWriter, wantsPrettyLogs } from '../operating/terminal-log.js';
import { GENERATED_KEY_WARNING, readSettings, type ServerEnvironment, type ServerSettings } from '../settings.js';
import { loadDevelopmentKey } from './development-key.js';
import { listen } from './listen.js';
import { setUpRenderer } from './renderer-setup.js';
import { FEED_KEY_PREFIX } from '../serving/feed-service.js';
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

/**
 * Where first-seen times of items live (Atom dates of undated items): with Redis in the shared
 * cache, so every instance agrees; otherwise in files under DATA_DIR (default ./.pagefeed), so
 * they survive a restart. The files are kept in memory and written behind (a cold feed waits for
 * no file; `idle` waits for the writes at shutdown): this process alone uses the folder.
 */
function createFirstSeen(settings: ServerSettings, env: ServerEnvironment, cache: CacheDriver, logger: Logger): { store: FirstSeenStore; idle(): Promise<void> } {
  if (settings.redisUrl) return { store: createCacheFirstSeen(cache), idle: async () => {} };
  const directory = firstSeenDirectory(dataDirectory(env));
  logger.info('first-seen times: files', { directory });
  const store = createFileFirstSeen({
    directory,
    writeBehind: true,
    onWriteError: (error, file) => logger.warn('could not write first-seen times; kept in memory and written again on the feed\'s next build', { file, error: error.message, hint: 'check that DATA_DIR is writable and has space' }),
  });
  return { store, idle: () => store.idle() };
}

/** SERVICE_SECRET_KEY, else (never in production) the development key kept in the data directory. */
async function signingKey(settings: ServerSettings, env: ServerEnvironment, logger: Logger): Promise<string> {
  if (!settings.secretKeyGenerated) return settings.secretKey;
  const kept = await loadDevelopmentKey(dataDirectory(env));
  if (kept.key === undefined) {
    logger.warn('development signing key not kept', { problem: kept.problem });
    return settings.secretKey;
  }
  logger.info(
    kept.created
      ? 'SERVICE_SECRET_KEY is not set: created a development signing key; created feeds keep working across restarts'
      : 'SERVICE_SECRET_KEY is not set: using the development signing key from an earlier start',
    { file: kept.file, hint: 'production requires SERVICE_SECRET_KEY (openssl rand -hex 32); DATA_DIR moves the file' },
  );
  return kept.key;
}

export interface RunningServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startServer(env: ServerEnvironment = process.env): Promise<RunningServer> {
  // Throws a FeedError that says what to set (production without SERVICE_SECRET_KEY, a bad PORT).
  const settings = readSettings(env);
  const pretty = wantsPrettyLogs(env, settings.environment, Boolean(process.stdout.isTTY));
  const logger = createLogger({ level: settings.logLevel, ...(pretty ? { write: await createPrettyLogWriter() } : {}) });
  const secretKey = await signingKey(settings, env, logger);
  for (const warning of settings.warnings) if (warning !== GENERATED_KEY_WARNING || secretKey === settings.secretKey) logger.warn(warning);
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
  // The built-in renderer (a loopback websocket service; Chromium starts on first use) when no
  // RENDERER_WEBSOCKET_URL is set and a Chromium is installed.
  const renderer = await setUpRenderer(env, logger);
  const strategies = createStrategies(renderer.strategyEnvironment, hostLimiter ? { hostLimiter } : {});
  const { store: firstSeen, idle: firstSeenWritten } = createFirstSeen(settings, env, cache, logger);
  const pool = settings.extractionWorkers > 0
    ? createPooledEngine({
      size: settings.extractionWorkers,
      budgetMs: settings.extractionTimeoutMs,
      niceness: settings.extractionWorkerNiceness,
      strategies,
      context: { cache, allowPrivateNetworks: settings.allowPrivateNetworks, logger },
      // First-seen times and full-text articles stay on the main thread, shared by every worker.
      shared: { firstSeen, cache },
      autoSource: true,
      logger,
    })
    : undefined;
  const engine = pool ?? createEngine({ strategies, autoSource: createAutoSource(), cache, firstSeen, allowPrivateNetworks: settings.allowPrivateNetworks, logger, extractionTimeoutMs: settings.extractionTimeoutMs });
  logger.info('extraction', settings.extractionWorkers > 0
    ? { workers: settings.extractionWorkers, budget_seconds: settings.extractionTimeoutMs / 1000, niceness: settings.extractionWorkerNiceness }
    : { workers: 0, budget_seconds: settings.extractionTimeoutMs / 1000, note: 'EXTRACTION_WORKERS=0: feeds are extracted on the main thread; the budget is checked between items, so one long step (a huge parse) is not stopped' });
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
    // The app's counters plus prom-client's process metrics and latency histograms.
    metrics: createMetrics(await createPrometheusRegistry()),
    staticFiles,
    singleFlight: createSingleFlight({ cache }),
    // `uptime` in the health report counts from process start, not from app creation.
    startedAt: new Date(Date.now() - process.uptime() * 1000),
    // The picker's snapshot: the engine's own strategies (and network guard), no validator cache.
    fetchPage: ({ url, strategy }) =>
      resolveStrategy(strategies, strategy).fetch({ url, strategy, headers: {}, request: {} }, { allowPrivateNetworks: settings.allowPrivateNetworks, logger }),
    checkRenderer: renderer.probe,
    clientAddress: socketPeerAddress,
    settings: {
      environment: settings.environment,
      version,
      secretKey,
      accessToken: settings.accessToken,
      healthCheckToken: settings.healthCheckToken,
      metricsToken: settings.metricsToken,
      autoSourceEnabled: settings.autoSourceEnabled,
      bodyLimitBytes: settings.bodyLimitBytes,
      rateLimitPerMinute: settings.rateLimitPerMinute,
      trustedProxies: settings.trustedProxies,
      publicUrl: settings.publicUrl,
      strategies: Object.keys(strategies),
      rendererConfigured: renderer.kind !== 'none',
      rendererHint: renderer.hint,
      snapshotImages: settings.snapshotImages,
    },
  });

  let server: Server;
  try {
    server = await listen((onListening) => serve({ fetch: app.fetch, port: settings.port }, onListening) as Server, settings.port);
  } catch (error) {
    await renderer.stop();
    await cache.close?.();
    await hostLimiter?.close();
    throw error;
  }
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
      await renderer.stop();
      await pool?.close();
      await firstSeenWritten();
      await cache.close?.();
      await hostLimiter?.close();
      await errorTracker.flush();
      logger.info('stopped');
    })());
  return { port, stop };
}
