import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { CacheDriver } from '@pagefeed/core';
import { bearerToken } from '../auth/constant-time.js';
import { ApiError } from '../errors/status.js';
import { formatAddress, isIpv4Mapped, maskAddress, newAddressWords, parseAddress } from '../client-address/ip-address.js';
import type { Metrics } from '../operating/metrics.js';
import type { AppEnv } from '../types.js';
import { requestHeader } from './request-header.js';
import { createSharedCounter } from './rate-limit-shared.js';
import { admits, createLocalCounter, millisecondsUntilAdmitted, retryAfterSeconds, WINDOW_MS, windowOf, type LocalCounter } from './rate-limit-window.js';

/**
 * Sliding one-minute windows (`rate-limit-window.ts`) per client (an IPv4 address or an IPv6 /64)
 * and per bearer token: a request is admitted while the estimate of the last 60 seconds' admitted
 * requests, plus this one, stays within the limit. Counters live in the cache driver when it is
 * shared and can count (Redis: every instance sees them, `rate-limit-shared.ts`), else in this
 * process. Only admitted requests are counted: a client that keeps asking too often still gets its
 * limit's worth per minute, not nothing.
 */
export interface RateLimitOptions {
  readonly perMinute: number;
  readonly cache: CacheDriver;
  readonly clock: () => Date;
  readonly clientAddress: (request: Request, env: unknown) => string | undefined;
  readonly metrics?: Metrics;
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
  const limit = options.perMinute;
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
  const shared = createSharedCounter(options.cache, limit);
  const local = shared ? undefined : createLocalCounter();
  /** ms until `subject` is admitted again in this process's counts (0: admitted now). */
  const localWait = (counter: LocalCounter, subject: string, window: number, elapsed: number) =>
    millisecondsUntilAdmitted(limit, counter.previous(subject, window), counter.current(subject, window), elapsed);
  const refuse = (waitMs: number) => {
    options.metrics?.increment('pagefeed_rate_limited_total');
    const retryAfter = String(retryAfterSeconds(waitMs));
    return new ApiError('RateLimited', `Too many requests: the limit is ${limit} per minute.`, `retry after ${retryAfter} seconds`, {
      'Retry-After': retryAfter,
    });
  };
  const admitsNow = (now: number, clientAddress: string | undefined, authorization: string | undefined): RateSubjects | undefined => {
    if (limit <= 0) return ALWAYS;
    if (!local) return undefined;
    const window = windowOf(now);
    const elapsed = now - window * WINDOW_MS;
    const address = addressSubject(clientAddress);
    if (!admits(limit, local.previous(address, window), local.current(address, window), elapsed)) return undefined;
    const token = tokenSubject(authorization);
    if (token && !admits(limit, local.previous(token, window), local.current(token, window), elapsed)) return undefined;
    return { window, address, token };
  };
  const countNow = (subjects: RateSubjects): void => {
    if (limit <= 0 || !local) return;
    local.count(subjects.address, subjects.window);
    if (subjects.token) local.count(subjects.token, subjects.window);
  };
  const middleware: MiddlewareHandler<AppEnv> = async function rateLimitMiddleware(context, next) {
    if (limit <= 0) return next();
    const now = options.clock().getTime();
    const clientAddress = options.clientAddress(context.req.raw, context.env);
    const authorization = requestHeader(context, 'authorization');
    if (local) {
      // The fast path's own decision and count, so both paths count a request alike.
      const subjects = admitsNow(now, clientAddress, authorization);
      if (subjects === undefined) {
        const window = windowOf(now);
        const elapsed = now - window * WINDOW_MS;
        const token = tokenSubject(authorization);
        const address = localWait(local, addressSubject(clientAddress), window, elapsed);
        throw refuse(Math.max(address, token ? localWait(local, token, window, elapsed) : 0));
      }
      countNow(subjects);
      return next();
    }
    const window = windowOf(now);
    const address = addressSubject(clientAddress);
    const token = tokenSubject(authorization);
    const waitMs = await shared!(token ? [address, token] : [address], window, now - window * WINDOW_MS);
    if (waitMs > 0) throw refuse(waitMs);
    return next();
  };
  return { middleware, admitsNow, countNow };
}
