/** Helpers both drivers share, so memory and Redis read their options the same way. */

/** Seconds (fractions allowed) to whole milliseconds; undefined when the entry never expires. */
export function ttlToMilliseconds(ttlSeconds: number | undefined): number | undefined {
  if (ttlSeconds === undefined) return undefined;
  if (!Number.isFinite(ttlSeconds)) {
    throw new TypeError(`Cache ttlSeconds must be a finite number of seconds, got ${String(ttlSeconds)}.`);
  }
  return Math.ceil(ttlSeconds * 1000);
}

/** Counters move in whole steps (Redis INCRBY only accepts integers). */
export function requireIntegerStep(by: number | undefined): number {
  const step = by ?? 1;
  if (!Number.isSafeInteger(step)) {
    throw new TypeError(`Cache increment step must be a whole number, got ${String(step)}.`);
  }
  return step;
}
