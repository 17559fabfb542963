import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { CacheDriver } from '@pagefeed/core';
import { bearerToken } from '../auth/constant-time.js';
import { ApiError } from '../errors/status.js';
import type { Metrics } from '../operating/metrics.js';
import type { AppEnv } from '../types.js';
import { requestHeader } from './request-header.js';

/**
 * Fixed one-minute windows per client address and per bearer token. Counters live in the cache
 * driver when it is shared and can count (Redis: every instance sees them), else in this process.
 */
export interface RateLimitOptions {
  readonly perMinute: number;
  readonly cache: CacheDriver;
  readonly clock: () => Date;
  readonly clientAddress: (request: Request, env: unknown) => string | undefined;
  readonly metrics?: Metrics;
}

type Counter = (subject: string, window: number) => number | Promise<number>;

/**
 * This process's counters for the current window only: when the window moves on, the previous
 * window's counters are dropped at once (they can never count again), so there is nothing to sweep
 * and no per-request walk over every client seen.
 */
function createLocalCounter(): Counter {
  let currentWindow = Number.NaN;
  let counts = new Map<string, number>();
  return (subject, window) => {
    if (window !== currentWindow) {
      currentWindow = window;
      counts = new Map();
    }
    const value = (counts.get(subject) ?? 0) + 1;
    counts.set(subject, value);
    return value;
  };
}

/**
 * A cache only this process sees (the memory driver says `processLocal`) gains nothing over the
 * local counter and would hold one entry per client and minute among the cached feeds.
 */
function sharedCounter(cache: CacheDriver): Counter | undefined {
  if (!cache.increment || (cache as { readonly processLocal?: boolean }).processLocal === true) return undefined;
  const increment = cache.increment.bind(cache);
  return (subject, window) => increment(`rate:${subject}:${window}`, { ttlSeconds: 61 });
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const count = sharedCounter(options.cache) ?? createLocalCounter();
  const refuse = (now: number, window: number) => {
    options.metrics?.increment('pagefeed_rate_limited_total');
    const retryAfter = String(Math.max(1, Math.ceil(((window + 1) * 60_000 - now) / 1000)));
    return new ApiError('RateLimited', `Too many requests: the limit is ${options.perMinute} per minute.`, `retry after ${retryAfter} seconds`, {
      'Retry-After': retryAfter,
    });
  };
  return async function rateLimitMiddleware(context, next) {
    if (options.perMinute <= 0) return next();
    const now = options.clock().getTime();
    const window = Math.floor(now / 60_000);
    const address = `ip:${options.clientAddress(context.req.raw, context.env) ?? 'unknown'}`;
    // A local count is known at once: not awaited, which would cost a turn of the microtask queue.
    const byAddress = count(address, window);
    if ((typeof byAddress === 'number' ? byAddress : await byAddress) > options.perMinute) throw refuse(now, window);
    const token = bearerToken(requestHeader(context, 'authorization'));
    if (token) {
      // Tokens are counted under a hash: the raw token never becomes a cache key.
      const byToken = count(`token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`, window);
      if ((typeof byToken === 'number' ? byToken : await byToken) > options.perMinute) throw refuse(now, window);
    }
    return next();
  };
}
