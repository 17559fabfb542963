import type { CacheDriver } from '@pagefeed/core';
import { COUNTER_TTL_SECONDS, millisecondsUntilAdmitted } from './rate-limit-window.js';

/**
 * The sliding-window counts in a cache every instance sees (Redis), under `rate:<subject>:<window>`.
 * Each request increments its subjects' current-window counters (atomic, so instances never lose
 * a count) and reads their previous-window counters, all at once: one round trip. A request that
 * turns out over the limit takes its counts back, so only admitted requests count, as in the local
 * counter; until it does, a concurrent request of the same client may see one count too many and be
 * refused early, never admitted late.
 */
export type SharedCounter = (subjects: readonly string[], window: number, elapsed: number) => Promise<number>;

/**
 * A counter in the cache, or undefined when the cache is only this process's (the memory driver
 * says `processLocal`): it would gain nothing over the local counter and would hold one entry per
 * client and minute among the cached feeds.
 */
export function createSharedCounter(cache: CacheDriver, limit: number): SharedCounter | undefined {
  if (!cache.increment || (cache as { readonly processLocal?: boolean }).processLocal === true) return undefined;
  const increment = cache.increment.bind(cache);
  const key = (subject: string, window: number) => `rate:${subject}:${window}`;
  /** Counts the request for every subject; resolves to 0 when admitted, else the ms until it would be. */
  return async function countShared(subjects, window, elapsed) {
    const counted = await Promise.all(
      subjects.map((subject) => Promise.all([increment(key(subject, window), { ttlSeconds: COUNTER_TTL_SECONDS }), cache.get<unknown>(key(subject, window - 1))])),
    );
    let waitMs = 0;
    for (const [current, previous] of counted) {
      // The count before this request, as the local counter sees it.
      const wait = millisecondsUntilAdmitted(limit, typeof previous === 'number' ? previous : 0, current - 1, elapsed);
      if (wait > waitMs) waitMs = wait;
    }
    if (waitMs > 0) await Promise.all(subjects.map((subject) => increment(key(subject, window), { by: -1, ttlSeconds: COUNTER_TTL_SECONDS })));
    return waitMs;
  };
}
