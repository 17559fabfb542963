import type { CacheDriver, CacheSetOptions } from '@pagefeed/core';
import { createMemoryCache } from './memory.js';
import { connectRedis, isUsageError } from './redis-client.js';
import { requireIntegerStep, ttlToMilliseconds } from './shared.js';

// The subpath `@pagefeed/fetchers/redis` also carries the shared per-host limiter: one lazy import
// gives a server everything that needs ioredis.
export { createRedisHostLimiter, type RedisHostLimiter, type RedisHostLimiterOptions } from './redis-host-limiter.js';

export interface CacheLogger {
  warn(message: string, fields?: Record<string, unknown>): void;
  info?(message: string, fields?: Record<string, unknown>): void;
}

export interface RedisCacheOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). */
  readonly url: string;
  /** Answers while Redis is unreachable (default: a fresh in-process memory cache). */
  readonly fallback?: CacheDriver;
  readonly logger?: CacheLogger;
  /** Prepended to every key, so several services can share one Redis (default `pagefeed:`). */
  readonly keyPrefix?: string;
  /** Longest wait for one Redis command before the fallback answers (default 1000 ms). */
  readonly commandTimeoutMs?: number;
  /** Longest wait for the first connection before the fallback answers (default 2000 ms). */
  readonly connectTimeoutMs?: number;
  /**
   * Keys whose values, written to the fallback during an outage, are written back to Redis when
   * it returns (on their first read: `SET NX` with the time they had left), instead of reading as
   * misses that cost a fetch each. Only for cached results: never for locks or counters, whose
   * outage-time values mean nothing to the other instances. Default: none.
   */
  readonly writeBack?: (key: string) => boolean;
}

/** Keys held for write-back at most (their values live in the bounded fallback anyway). */
const HELD_KEYS = 100_000;

export interface RedisCacheDriver extends CacheDriver {
  setIfAbsent(key: string, value: unknown, options?: CacheSetOptions): Promise<boolean>;
  increment(key: string, options?: CacheSetOptions & { readonly by?: number }): Promise<number>;
  /** Compare-and-delete in one step; single flight releases its lock with it. */
  deleteIfEquals(key: string, expected: unknown): Promise<boolean>;
  /** Compare-and-expire in one step; single flight renews its lock with it while the work runs. */
  expireIfEquals(key: string, expected: unknown, ttlSeconds: number): Promise<boolean>;
  status(): 'ok' | 'degraded' | 'down';
  close(): Promise<void>;
}

/**
 * The shared cache for several instances. Redis failures degrade, never break: an operation
 * that cannot reach Redis within its timeout is answered by the local fallback, the outage is
 * logged once, `status()` says 'degraded', and ioredis reconnects in the background.
 */
export function createRedisCache(options: RedisCacheOptions): RedisCacheDriver {
  const prefix = options.keyPrefix ?? 'pagefeed:';
  const fallback = options.fallback ?? createMemoryCache();
  const { client, attempt, outage } = connectRedis(options, fallback);
  let closed = false;
  // Keys written to the fallback during an outage, with when they expire (ms; undefined: never).
  const held = new Map<string, number | undefined>();

  // Write-backs under way by key: a read of the same key waits for it instead of missing.
  const pending = new Map<string, Promise<unknown>>();

  /** The value the fallback holds from an outage, written back to Redis; undefined when none. */
  function writtenBack<T>(key: string): Promise<T | undefined> {
    const running = pending.get(key);
    if (running) return running as Promise<T | undefined>;
    if (!held.has(key)) return Promise.resolve(undefined);
    const expiresAt = held.get(key);
    held.delete(key);
    const task = (async (): Promise<T | undefined> => {
      const value = await fallback.get<T>(key);
      const text = value === undefined ? undefined : serialise(value);
      const remaining = expiresAt === undefined ? undefined : Math.floor(expiresAt - Date.now());
      if (text === undefined || (remaining !== undefined && remaining <= 0)) return undefined;
      const reply = remaining === undefined ? await client.set(prefix + key, text, 'NX') : await client.set(prefix + key, text, 'PX', remaining, 'NX');
      // Another instance wrote first: its value is the shared one.
      return reply === 'OK' ? value : parse<T>(await client.get(prefix + key));
    })().finally(() => pending.delete(key));
    pending.set(key, task);
    return task;
  }

  // Once Redis answers again, everything held is written back in the background (one key at a
  // time), so other instances find it too, not only this one on its next read.
  let flushing = false;
  function flushHeld(): void {
    if (flushing || held.size === 0 || outage.down) return;
    flushing = true;
    void (async () => {
      try {
        for (const key of [...held.keys()]) {
          if (outage.down || closed) break;
          await writtenBack(key);
        }
      } catch {
        // Redis went away again: what is left stays held for the next time.
      } finally {
        flushing = false;
      }
    })();
  }

  function serialise(value: unknown): string | undefined {
    return JSON.stringify(value);
  }

  function parse<T>(text: string | null): T | undefined {
    if (text === null) return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      // Written by something else than this driver: treat as absent rather than fail the request.
      return undefined;
    }
  }

  return {
    name: 'redis',
    get<T = unknown>(key: string): Promise<T | undefined> {
      return attempt(
        async () => {
          const value = parse<T>(await client.get(prefix + key));
          flushHeld();
          if (value !== undefined) return value;
          // While writes go to the fallback (an outage not yet over), what they stored is there;
          // once it is over, what this instance held is written back instead of missing.
          return outage.down ? fallback.get<T>(key) : writtenBack<T>(key);
        },
        (cache) => cache.get<T>(key),
      );
    },
    async set(key, value, cacheOptions) {
      // Serialised before Redis is involved: a value JSON cannot hold is the caller's error, not an outage.
      const text = serialise(value);
      const milliseconds = ttlToMilliseconds(cacheOptions?.ttlSeconds);
      return attempt(
        async () => {
          if (text === undefined || (milliseconds !== undefined && milliseconds <= 0)) await client.del(prefix + key);
          else if (milliseconds === undefined) await client.set(prefix + key, text);
          else await client.set(prefix + key, text, 'PX', milliseconds);
          held.delete(key);
        },
        (cache) => {
          if (options.writeBack?.(key)) {
            if (held.size >= HELD_KEYS) held.clear();
            held.set(key, milliseconds === undefined ? undefined : Date.now() + milliseconds);
          }
          return cache.set(key, value, cacheOptions);
        },
      );
    },
    delete(key) {
      held.delete(key);
      return attempt(
        async () => void (await client.del(prefix + key)),
        (cache) => cache.delete(key),
      );
    },
    async setIfAbsent(key, value, cacheOptions) {
      const text = serialise(value);
      const milliseconds = ttlToMilliseconds(cacheOptions?.ttlSeconds);
      return attempt(
        async () => {
          if (text === undefined) return false;
          const reply =
            milliseconds === undefined
              ? await client.set(prefix + key, text, 'NX')
              : await client.set(prefix + key, text, 'PX', Math.max(1, milliseconds), 'NX');
          return reply === 'OK';
        },
        async (cache) => (cache.setIfAbsent ? cache.setIfAbsent(key, value, cacheOptions) : false),
      );
    },
    async increment(key, cacheOptions = {}) {
      const by = requireIntegerStep(cacheOptions.by);
      const milliseconds = ttlToMilliseconds(cacheOptions.ttlSeconds);
      const expiry = milliseconds === undefined ? 0 : Math.max(1, milliseconds);
      try {
        return await attempt(
          async () => Number(await client.pagefeedIncrement(prefix + key, by, expiry)),
          async (cache) => (cache.increment ? cache.increment(key, cacheOptions) : by),
        );
      } catch (error) {
        if (!isUsageError(error)) throw error;
        throw new TypeError(`Cannot increment cache key "${key}": it holds a value that is not an integer counter.`, {
          cause: error,
        });
      }
    },
    deleteIfEquals(key, expected) {
      const text = serialise(expected) ?? '';
      return attempt(
        async () => (await client.pagefeedDeleteIfEquals(prefix + key, text)) === 1,
        async (cache) => {
          const local = cache as Partial<RedisCacheDriver>;
          if (local.deleteIfEquals) return local.deleteIfEquals(key, expected);
          if (serialise(await cache.get(key)) !== text) return false;
          await cache.delete(key);
          return true;
        },
      );
    },
    expireIfEquals(key, expected, ttlSeconds) {
      const text = serialise(expected) ?? '';
      const milliseconds = Math.max(1, ttlToMilliseconds(ttlSeconds) ?? 1);
      return attempt(
        async () => (await client.pagefeedExpireIfEquals(prefix + key, text, milliseconds)) === 1,
        async (cache) => {
          const local = cache as Partial<RedisCacheDriver>;
          return local.expireIfEquals ? local.expireIfEquals(key, expected, ttlSeconds) : false;
        },
      );
    },
    status() {
      if (closed) return 'down';
      return client.status === 'ready' && !outage.down ? 'ok' : 'degraded';
    },
    async close() {
      closed = true;
      await client.quit().catch(() => client.disconnect());
      await fallback.close?.();
    },
  };
}

