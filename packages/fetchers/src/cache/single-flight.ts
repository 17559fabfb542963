import { randomUUID } from 'node:crypto';
import { FeedError, isFeedError, type CacheDriver, type FeedErrorCode } from '@pagefeed/core';
import { pollUntil } from './poll.js';

export interface SingleFlightOptions {
  /**
   * A shared cache with `setIfAbsent` (Redis) extends the flight across instances. A process-local
   * memory cache is not used for coordination (nothing else can see it).
   */
  readonly cache?: CacheDriver;
  /** Prefix of the lock and result keys (default `flight:`). */
  readonly keyPrefix?: string;
}

export interface SingleFlightRunOptions {
  /**
   * How long the owner's lock lives without renewal (15 s). A live owner renews it every third of
   * this while its work runs; a crashed owner blocks others at most this long.
   */
  readonly lockTtlMs?: number;
  /** How long a waiter waits for another instance's result before giving up (90 s). */
  readonly waitTimeoutMs?: number;
  /** How long the outcome stays readable for late arrivals (5 s). Failures stay a fifth of it. */
  readonly resultTtlSeconds?: number;
}

export interface SingleFlight {
  run<T>(key: string, work: () => Promise<T>, options?: SingleFlightRunOptions): Promise<T>;
}

/** What the owner leaves behind for waiters: a value, or the error it met (so they do not all retry). */
type Outcome = { readonly ok: true; readonly value?: unknown } | { readonly ok: false; readonly error: SharedError };

interface SharedError {
  readonly code?: FeedErrorCode;
  readonly message: string;
  readonly hint?: string;
  readonly path?: string;
}

/** Optional compare-and-set operations of this folder's drivers (not part of the core contract). */
type ComparingCache = CacheDriver & {
  deleteIfEquals?(key: string, expected: unknown): Promise<boolean>;
  expireIfEquals?(key: string, expected: unknown, ttlSeconds: number): Promise<boolean>;
};

const DEFAULT_LOCK_TTL_MS = 15_000;
const DEFAULT_WAIT_TIMEOUT_MS = 90_000;

/**
 * Many callers, one execution. Inside a process, callers with the same key share one promise.
 * With a shared cache, one instance wins a set-if-absent lock (random token, expiry) and runs
 * the work; the others poll for the outcome with backoff, and take the lock over when it
 * disappears without an outcome (the owner crashed and its lock expired).
 */
export function createSingleFlight(options: SingleFlightOptions = {}): SingleFlight {
  const cache = options.cache as ComparingCache | undefined;
  const prefix = options.keyPrefix ?? 'flight:';
  const inFlight = new Map<string, Promise<unknown>>();

  async function release(lockKey: string, token: string): Promise<void> {
    if (!cache) return;
    if (cache.deleteIfEquals) {
      await cache.deleteIfEquals(lockKey, token);
      return;
    }
    // Without compare-and-delete there is a small window where an expired lock retaken by
    // another owner is deleted here; the worst case is one extra upstream fetch.
    if ((await cache.get(lockKey)) === token) await cache.delete(lockKey);
  }

  /** Keeps a live owner's lock from expiring under slow work (long renders, pagination). */
  function renew(lockKey: string, token: string, lockTtlMs: number): () => void {
    const expire = cache?.expireIfEquals?.bind(cache);
    if (!expire) return () => undefined;
    const timer = setInterval(() => void quietly(() => expire(lockKey, token, lockTtlMs / 1000)), lockTtlMs / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function own<T>(key: string, token: string, work: () => Promise<T>, runOptions: SingleFlightRunOptions): Promise<T> {
    const lockKey = `${prefix}lock:${key}`;
    const resultKey = `${prefix}result:${key}`;
    const resultTtlSeconds = runOptions.resultTtlSeconds ?? 5;
    const stopRenewing = renew(lockKey, token, runOptions.lockTtlMs ?? DEFAULT_LOCK_TTL_MS);
    try {
      // The previous owner may have finished between our first look and taking the lock.
      const landed = await cache?.get<Outcome>(resultKey);
      if (landed) return settle<T>(landed);
      let value: T;
      try {
        value = await work();
      } catch (error) {
        const outcome: Outcome = { ok: false, error: shareError(error) };
        await quietly(() => cache?.set(resultKey, outcome, { ttlSeconds: resultTtlSeconds / 5 }));
        throw error;
      }
      // A result the cache cannot hold is still this caller's answer; waiters then take over.
      await quietly(() => cache?.set(resultKey, { ok: true, value } satisfies Outcome, { ttlSeconds: resultTtlSeconds }));
      return value;
    } finally {
      stopRenewing();
      await quietly(() => release(lockKey, token));
    }
  }

  async function coordinate<T>(key: string, work: () => Promise<T>, runOptions: SingleFlightRunOptions): Promise<T> {
    // A process-local cache is seen by no other instance: the in-process map above already makes
    // this the only execution, and lock and result keys would only crowd feeds out of its LRU.
    if (!cache?.setIfAbsent || (cache as { processLocal?: boolean }).processLocal === true) return work();
    const lockTtlMs = runOptions.lockTtlMs ?? DEFAULT_LOCK_TTL_MS;
    const waitTimeoutMs = runOptions.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
    const lockKey = `${prefix}lock:${key}`;
    const resultKey = `${prefix}result:${key}`;
    const token = randomUUID();
    const tryLock = (): Promise<boolean> =>
      cache.setIfAbsent!(lockKey, token, { ttlSeconds: lockTtlMs / 1000 });

    const early = await cache.get<Outcome>(resultKey);
    if (early) return settle<T>(early);
    if (await tryLock()) return own(key, token, work, runOptions);

    const found = await pollUntil(waitTimeoutMs, async () => {
      const outcome = await cache.get<Outcome>(resultKey);
      if (outcome) return { outcome };
      // No outcome and no lock: the owner died (lock expired) or failed without a trace.
      if ((await cache.get(lockKey)) === undefined && (await tryLock())) return { owned: true as const };
      return undefined;
    });
    if (!found) {
      throw new FeedError('FetchTimeout', `Waited ${waitTimeoutMs} ms for another instance to fetch "${key}" and it did not finish.`, {
        hint: 'the source may be slow; retry the request, or raise the fetch timeout',
      });
    }
    if ('owned' in found) return own(key, token, work, runOptions);
    return settle<T>(found.outcome);
  }

  return {
    run<T>(key: string, work: () => Promise<T>, runOptions: SingleFlightRunOptions = {}): Promise<T> {
      const running = inFlight.get(key);
      if (running) return running as Promise<T>;
      const flight = coordinate(key, work, runOptions).finally(() => inFlight.delete(key));
      inFlight.set(key, flight);
      return flight;
    },
  };
}

/** Sharing is best effort: a failure to store or release never changes the caller's answer. */
async function quietly(task: () => Promise<unknown> | undefined): Promise<void> {
  try {
    await task();
  } catch {
    // The lock expires on its own and waiters fall back to running the work themselves.
  }
}

function settle<T>(outcome: Outcome): T {
  if (outcome.ok) return outcome.value as T;
  const { code, message, hint, path } = outcome.error;
  if (!code) throw new Error(message);
  throw new FeedError(code, message, { ...(hint === undefined ? {} : { hint }), ...(path === undefined ? {} : { path }) });
}

function shareError(error: unknown): SharedError {
  if (isFeedError(error)) {
    return {
      code: error.code,
      message: error.message,
      ...(error.hint === undefined ? {} : { hint: error.hint }),
      ...(error.path === undefined ? {} : { path: error.path }),
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
