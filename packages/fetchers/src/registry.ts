import { FeedError, type FetchStrategy, type StrategyName } from '@pagefeed/core';
import { createHostLimiter, type HostLimiter } from './guard/host-limiter.js';
import type { Resolver } from './guard/network-guard.js';
import { DEFAULT_CONCURRENCY_PER_HOST } from './guard/with-guard.js';
import { createPlainStrategy } from './strategies/plain.js';
import { DEFAULT_RENDERER_WEBSOCKET_URL } from './strategies/renderer-connection.js';
import { createRendererStrategy } from './strategies/renderer.js';

export type StrategyRegistry = Readonly<Record<StrategyName, FetchStrategy>>;

export interface StrategyEnvironment {
  readonly RENDERER_WEBSOCKET_URL?: string | undefined;
  readonly RENDERER_API_TOKEN?: string | undefined;
  readonly ALLOW_PRIVATE_NETWORKS?: string | undefined;
  readonly [name: string]: string | undefined;
}

export interface CreateStrategiesOptions {
  readonly resolver?: Resolver;
  /** Per-process limit per host when no `hostLimiter` is given (default 4). */
  readonly maxConcurrentPerHost?: number;
  /**
   * The per-host limiter both strategies share instead of a per-process one, e.g.
   * `createRedisHostLimiter` from `@pagefeed/fetchers/redis` so that instances sharing a Redis
   * share the limit. It brings its own limit; `maxConcurrentPerHost` is then not used.
   */
  readonly hostLimiter?: HostLimiter;
}

/**
 * The registry `{ plain, renderer }` from the environment. Both strategies share one per-host
 * limiter. A custom RENDERER_WEBSOCKET_URL without RENDERER_API_TOKEN is a configuration error at
 * start, not a failure at the first rendered feed.
 */
export function createStrategies(environment: StrategyEnvironment = process.env, options: CreateStrategiesOptions = {}): StrategyRegistry {
  const websocketUrl = environment.RENDERER_WEBSOCKET_URL?.trim() || DEFAULT_RENDERER_WEBSOCKET_URL;
  const token = environment.RENDERER_API_TOKEN?.trim() || undefined;
  checkRendererSettings(websocketUrl, token);
  const shared = {
    allowPrivateNetworks: environment.ALLOW_PRIVATE_NETWORKS?.trim().toLowerCase() === 'true',
    hostLimiter: options.hostLimiter ?? createHostLimiter(options.maxConcurrentPerHost ?? DEFAULT_CONCURRENCY_PER_HOST),
    ...(options.resolver ? { resolver: options.resolver } : {}),
  };
  return {
    plain: createPlainStrategy(shared),
    renderer: createRendererStrategy({ ...shared, websocketUrl, token }),
  };
}

/** The strategy a feed names, or `UnsupportedStrategy` listing the names there are. */
export function resolveStrategy(registry: Readonly<Record<string, FetchStrategy>>, name: string): FetchStrategy {
  const strategy = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (strategy) return strategy;
  const known = Object.keys(registry).map((key) => `'${key}'`).join(', ');
  throw new FeedError('UnsupportedStrategy', `Unsupported strategy '${name}': use one of ${known}`, {
    path: 'strategy',
    details: { strategy: name, known: Object.keys(registry) },
  });
}

function checkRendererSettings(websocketUrl: string, token: string | undefined): void {
  let url: URL;
  try {
    url = new URL(websocketUrl);
  } catch {
    throw configurationError(`RENDERER_WEBSOCKET_URL '${websocketUrl}' is not a valid URL: use a websocket address like ws://renderer:3000`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw configurationError(`RENDERER_WEBSOCKET_URL '${websocketUrl}' must start with ws:// or wss://`);
  }
  if (websocketUrl !== DEFAULT_RENDERER_WEBSOCKET_URL && !token && !url.searchParams.has('token')) {
    throw configurationError(
      `RENDERER_API_TOKEN is required when RENDERER_WEBSOCKET_URL points to a custom rendering service (${url.origin}): set it to the token configured on that service`,
    );
  }
}

function configurationError(message: string): FeedError {
  return new FeedError('ConfigurationInvalid', message, { path: 'RENDERER_WEBSOCKET_URL' });
}
