import type { CacheDriver, Engine, FeedError, FeedsFile, FetchResult, StrategyName } from '@pagefeed/core';
import type { Account } from './auth/accounts.js';
import type { AddressRange } from './client-address/trusted-proxies.js';
import type { ErrorTracker } from './operating/error-tracking.js';
import type { Logger } from './operating/logger.js';
import type { Metrics } from './operating/metrics.js';
import type { SingleFlight } from './serving/single-flight.js';

/** Settings the app needs, already read from the environment by the adapter (`settings.ts`). */
export interface AppSettings {
  /** `NODE_ENV`, `development` when unset. */
  readonly environment: string;
  readonly version: string;
  /** HMAC key for created-feed tokens (≥ 32 characters in production). */
  readonly secretKey: string;
  /** `ACCESS_TOKEN`: the admin account allowed every URL. */
  readonly accessToken?: string | undefined;
  readonly healthCheckToken?: string | undefined;
  readonly metricsToken?: string | undefined;
  /** `AUTO_SOURCE_ENABLED` (default true): feed creation and preview. */
  readonly autoSourceEnabled: boolean;
  /** Request body limit in bytes (413 above it). */
  readonly bodyLimitBytes: number;
  /** Requests per minute per client address and per token; 0 switches the limit off. */
  readonly rateLimitPerMinute: number;
  /**
   * `TRUSTED_PROXIES`: when the socket peer is in one of these ranges, the client is taken from
   * X-Forwarded-For (`client-address/`). Absent or empty: the peer is the client, headers ignored.
   */
  readonly trustedProxies?: readonly AddressRange[] | undefined;
  /**
   * `PUBLIC_URL`: the origin readers reach the service at (`https://feeds.example.com`). Every
   * absolute URL the app writes (feed self links, and therefore feed cache keys; links in API
   * answers) starts with it. Absent: each request's own origin (scheme and `Host`).
   */
  readonly publicUrl?: string | undefined;
  /** Names of the fetch strategies the engine was built with. */
  readonly strategies: readonly string[];
  /** Whether a renderer endpoint is configured or built in (health `checks.renderer`). */
  readonly rendererConfigured: boolean;
  /** What to do to get a renderer, when there is none (`GET /api/v1` says it). */
  readonly rendererHint?: string | undefined;
  /**
   * `SNAPSHOT_IMAGES`: pictures in the picker's page snapshot. `off` (default): not loaded, the
   * reader's browser asks the page's hosts for nothing; `direct`: loaded from the page's hosts.
   */
  readonly snapshotImages?: 'off' | 'direct' | undefined;
}

/** Files of the built web UI; the Node adapter reads them from `apps/web/dist`. */
export interface StaticFiles {
  /** `path` is relative, without a leading slash (`index.html`, `assets/app.js`). */
  read(path: string): Promise<{ body: Uint8Array; contentType: string } | undefined>;
}

export interface AppDeps {
  readonly engine: Engine;
  /** The loaded feeds.yml; an empty one when the file does not exist. */
  readonly feeds: FeedsFile;
  /** Set when feeds.yml failed to load: readiness answers 503 and the health report says why. */
  readonly configError?: FeedError | undefined;
  readonly cache: CacheDriver;
  readonly settings: AppSettings;
  readonly logger?: Logger;
  readonly clock?: () => Date;
  readonly errorTracker?: ErrorTracker;
  readonly singleFlight?: SingleFlight;
  readonly metrics?: Metrics;
  /** Absent: `/` explains how to build the web UI. */
  readonly staticFiles?: StaticFiles | undefined;
  /**
   * The address of the connection's other end (the adapter knows the socket). The app takes the
   * client's address for rate limits from it, and from X-Forwarded-For when it is a trusted proxy.
   */
  readonly clientAddress?: (request: Request, env: unknown) => string | undefined;
  /**
   * Fetches a page with a strategy, through its network guard (the picker's snapshot). The Node
   * adapter builds it from the same strategies as the engine; absent: POST /snapshot answers 404.
   */
  readonly fetchPage?: (request: { url: string; strategy: StrategyName }) => Promise<FetchResult>;
  /** Probe of the renderer for the health report. */
  readonly checkRenderer?: () => Promise<'ok' | 'down'>;
  /**
   * Answer fresh cached reads of predefined feeds before Hono (`routes/cached-read-fast-path.ts`).
   * Default true; false sends every request through Hono (tests compare both).
   */
  readonly cachedReadFastPath?: boolean;
  /** Process start, for `uptime`. Default: when the app was created. */
  readonly startedAt?: Date;
}

/** Hono variables set by middleware. */
export interface AppVariables {
  requestId: string;
  account: Account;
  /** Set by the feed route (`responseWithAppHeaders`): the response already carries every header the app adds. */
  headersComplete: boolean;
}

export interface AppEnv {
  Variables: AppVariables;
}
