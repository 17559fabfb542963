export * from './cache/index.js';
export { createPlainStrategy, type PlainStrategyOptions } from './strategies/plain.js';
export {
  withGuard,
  type GuardOptions,
  DEFAULT_CONCURRENCY_PER_HOST,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_SECONDS,
} from './guard/with-guard.js';
export { createNetworkGuard, systemResolver, type NetworkGuard, type Resolver, type ResolvedAddress, type CheckedTarget } from './guard/network-guard.js';
export { classifyAddress } from './guard/address-ranges.js';
export { createHostLimiter, type HostLimiter } from './guard/host-limiter.js';
// Types only: the factory sits behind `@pagefeed/fetchers/redis`, so this index never loads ioredis.
export type { RedisHostLimiter, RedisHostLimiterOptions } from './cache/redis-host-limiter.js';
export type { GuardedRequest, RawResponse, StrategyCore } from './guard/types.js';
export { PAGEFEED_VERSION, USER_AGENT } from './version.js';
export { createRendererStrategy, type RendererStrategyOptions } from './strategies/renderer.js';
export { DEFAULT_RENDERER_WEBSOCKET_URL, rendererEndpoint } from './strategies/renderer-connection.js';
export { createStrategies, resolveStrategy, type StrategyRegistry, type StrategyEnvironment, type CreateStrategiesOptions } from './registry.js';
export { decodeBody, charsetFromContentType, type DecodedBody } from './guard/decode.js';
export { createFileFirstSeen, dataDirectory, firstSeenDirectory, type FileFirstSeenOptions } from './first-seen/file.js';
export { finishFetch, canFetchUnfinished, type FetchOutcome, type UnfinishedFetchStrategy, type UnfinishedResponse } from './guard/unfinished.js';
