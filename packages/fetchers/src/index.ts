export * from './cache/index.js';
export { createPlainStrategy, type PlainStrategyOptions } from './strategies/plain.js';
export { withGuard, type GuardOptions, DEFAULT_MAX_BYTES, DEFAULT_MAX_REDIRECTS, DEFAULT_TIMEOUT_SECONDS } from './guard/with-guard.js';
export { createNetworkGuard, systemResolver, type NetworkGuard, type Resolver, type ResolvedAddress, type CheckedTarget } from './guard/network-guard.js';
export { classifyAddress } from './guard/address-ranges.js';
export { createHostLimiter, type HostLimiter } from './guard/host-limiter.js';
export type { GuardedRequest, RawResponse, StrategyCore } from './guard/types.js';
export { PAGEFEED_VERSION, USER_AGENT } from './version.js';
