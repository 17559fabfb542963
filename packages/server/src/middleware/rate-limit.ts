import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { CacheDriver } from '@pagefeed/core';
import { bearerToken } from '../auth/constant-time.js';
import { ApiError } from '../errors/status.js';
import type { Metrics } from '../operating/metrics.js';
import type { AppEnv } from '../types.js';

/**
 * Fixed one-minute windows per client address and per bearer token. Counters live in the cache
 * driver when it can count (Redis: shared by every instance), else in this process.
 */
export interface RateLimitOptions {
  readonly perMinute: number;
  readonly cache: CacheDriver;
  readonly clock: () => Date;
  readonly clientAddress: (request: Request, env: unknown) => string | undefined;
  readonly metrics?: Metrics;
}

function createLocalCounter(clock: () => Date) {
  const counts = new Map<string, { value: number; expiresAt: number }>();
  return async (key: string, ttlSeconds: number): Promise<number> => {
    const now = clock().getTime();
    for (const [stored, entry] of counts) if (entry.expiresAt <= now) counts.delete(stored);
    const current = counts.get(key);
    const value = (current?.value ?? 0) + 1;
    counts.set(key, { value, expiresAt: current?.expiresAt ?? now + ttlSeconds * 1000 });
    return value;
  };
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const local = createLocalCounter(options.clock);
  const increment = options.cache.increment
    ? (key: string, ttlSeconds: number) => options.cache.increment!(key, { ttlSeconds })
    : local;
  return async function rateLimitMiddleware(context, next) {
    if (options.perMinute <= 0) return next();
    const now = options.clock().getTime();
    const window = Math.floor(now / 60_000);
    const retryAfter = String(Math.max(1, Math.ceil(((window + 1) * 60_000 - now) / 1000)));
    const token = bearerToken(context.req.header('authorization'));
    const subjects = [`ip:${options.clientAddress(context.req.raw, context.env) ?? 'unknown'}`];
    // Tokens are counted under a hash: the raw token never becomes a cache key.
    if (token) subjects.push(`token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`);
    for (const subject of subjects) {
      const count = await increment(`rate:${subject}:${window}`, 61);
      if (count > options.perMinute) {
        options.metrics?.increment('pagefeed_rate_limited_total');
        throw new ApiError('RateLimited', `Too many requests: the limit is ${options.perMinute} per minute.`, `retry after ${retryAfter} seconds`, {
          'Retry-After': retryAfter,
        });
      }
    }
    return next();
  };
}
