import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { CacheDriver } from '@pagefeed/core';
import { bearerToken } from '../auth/constant-time.js';
import { ApiError } from '../errors/status.js';
import { formatAddress, isIpv4Mapped, maskAddress, newAddressWords, parseAddress } from '../client-address/ip-address.js';
import type { Metrics } from '../operating/metrics.js';
import type { AppEnv } from '../types.js';
import { requestHeader } from './request-header.js';

/**
 * Fixed one-minute windows per client (an IPv4 address or an IPv6 /64) and per bearer token. Counters live in the cache
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

interface LocalCounter {
  readonly count: (subject: string, window: number) => number;
  /** The count so far in `window`, without counting. */
  readonly current: (subject: string, window: number) => number;
}

/**
 * This process's counters for the current window only: when the window moves on, the previous
 * window's counters are dropped at once (they can never count again), so there is nothing to sweep
 * and no per-request walk over every client seen.
 */
function createLocalCounter(): LocalCounter {
  let currentWindow = Number.NaN;
  let counts = new Map<string, number>();
  return {
    count(subject, window) {
      if (window !== currentWindow) {
        currentWindow = window;
        counts = new Map();
      }
      const value = (counts.get(subject) ?? 0) + 1;
      counts.set(subject, value);
      return value;
    },
    current: (subject, window) => (window === currentWindow ? (counts.get(subject) ?? 0) : 0),
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

const subjectWords = newAddressWords();

/**
 * Who an address is counted as. IPv4 per address (IPv4-mapped IPv6 too, written as IPv4, so a
 * dual-stack socket's `::ffff:a.b.c.d` is the same client as `a.b.c.d`); IPv6 per /64, the block a
 * single host or site is normally given: counted per address, a client could rotate through its
 * /64 and multiply the limit by billions. Text that is not an address is counted as it is.
 */
export function addressSubjectOf(address: string | undefined): string {
  if (address === undefined) return 'ip:unknown';
  if (!address.includes(':') || !parseAddress(address, subjectWords)) return `ip:${address}`;
  if (isIpv4Mapped(subjectWords)) return `ip:${formatAddress(subjectWords)}`;
  maskAddress(subjectWords, 64);
  return `ip:${formatAddress(subjectWords)}/64`;
}

/** Tokens are counted under a hash: the raw token never becomes a cache key. */
function tokenSubject(authorization: string | undefined): string | undefined {
  const token = bearerToken(authorization);
  return token ? `token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}` : undefined;
}

/** Who a request is counted as, decided without counting (see `RateLimiter.admitsNow`). */
export interface RateSubjects {
  readonly window: number;
  readonly address: string;
  readonly token: string | undefined;
}

export interface RateLimiter {
  readonly middleware: MiddlewareHandler<AppEnv>;
  /**
   * For the cached-read fast path, which answers without awaiting: the subjects to count when
   * this request is within the limit and the counters are this process's own, else undefined
   * (shared counters, or a request the middleware would refuse) and nothing is counted. Counting
   * happens in `countNow`, once the fast path knows it answers: the middleware then never sees the
   * request, and a request the fast path leaves to it is counted by the middleware alone.
   */
  admitsNow(now: number, address: string | undefined, authorization: string | undefined): RateSubjects | undefined;
  countNow(subjects: RateSubjects): void;
}

const ALWAYS: RateSubjects = Object.freeze({ window: 0, address: '', token: undefined });

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  // Most requests come from the address before them (keep-alive connections): its subject text is
  // made once, and a Map finds a string it has hashed before faster than a new one.
  let lastAddress: string | undefined;
  let lastSubject = 'ip:unknown';
  const addressSubject = (clientAddress: string | undefined): string => {
    if (clientAddress !== lastAddress) {
      lastAddress = clientAddress;
      lastSubject = addressSubjectOf(clientAddress);
    }
    return lastSubject;
  };
  const shared = sharedCounter(options.cache);
  const local = shared ? undefined : createLocalCounter();
  const count: Counter = shared ?? local!.count;
  const refuse = (now: number, window: number) => {
    options.metrics?.increment('pagefeed_rate_limited_total');
    const retryAfter = String(Math.max(1, Math.ceil(((window + 1) * 60_000 - now) / 1000)));
    return new ApiError('RateLimited', `Too many requests: the limit is ${options.perMinute} per minute.`, `retry after ${retryAfter} seconds`, {
      'Retry-After': retryAfter,
    });
  };
  const middleware: MiddlewareHandler<AppEnv> = async function rateLimitMiddleware(context, next) {
    if (options.perMinute <= 0) return next();
    const now = options.clock().getTime();
    const window = Math.floor(now / 60_000);
    const address = addressSubject(options.clientAddress(context.req.raw, context.env));
    // A local count is known at once: not awaited, which would cost a turn of the microtask queue.
    const byAddress = count(address, window);
    if ((typeof byAddress === 'number' ? byAddress : await byAddress) > options.perMinute) throw refuse(now, window);
    const token = tokenSubject(requestHeader(context, 'authorization'));
    if (token) {
      const byToken = count(token, window);
      if ((typeof byToken === 'number' ? byToken : await byToken) > options.perMinute) throw refuse(now, window);
    }
    return next();
  };
  return {
    middleware,
    admitsNow(now, clientAddress, authorization) {
      if (options.perMinute <= 0) return ALWAYS;
      if (!local) return undefined;
      const window = Math.floor(now / 60_000);
      const address = addressSubject(clientAddress);
      if (local.current(address, window) + 1 > options.perMinute) return undefined;
      const token = tokenSubject(authorization);
      if (token && local.current(token, window) + 1 > options.perMinute) return undefined;
      return { window, address, token };
    },
    countNow(subjects) {
      if (options.perMinute <= 0 || !local) return;
      local.count(subjects.address, subjects.window);
      if (subjects.token) local.count(subjects.token, subjects.window);
    },
  };
}
