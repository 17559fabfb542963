import { describe, expect, it } from 'vitest';
import { admits, createLocalCounter, millisecondsUntilAdmitted, retryAfterSeconds, WINDOW_MS } from './rate-limit-window.js';

/** Whether one more request fits `at` ms after the start of the current window, with nothing counted meanwhile. */
function admitsAt(limit: number, previous: number, current: number, at: number): boolean {
  if (at < WINDOW_MS) return admits(limit, previous, current, at);
  if (at < 2 * WINDOW_MS) return admits(limit, current, 0, at - WINDOW_MS);
  return admits(limit, 0, 0, at % WINDOW_MS);
}

describe('sliding-window estimate', () => {
  it.each([
    // limit, previous, current, elapsed ms, admitted: previous × (60 − elapsed s) / 60 + current + 1 ≤ limit
    [10, 0, 9, 0, true],
    [10, 0, 10, 59_999, false],
    [10, 10, 0, 0, false],
    [10, 10, 0, 5_999, false],
    // 10 × 54 / 60 = 9: exactly the limit with this one.
    [10, 10, 0, 6_000, true],
    [10, 10, 5, 30_000, false],
    [10, 10, 4, 30_000, true],
    [10, 10, 9, 59_999, false],
    [1, 1, 0, 59_999, false],
    [1, 0, 0, 0, true],
    [3, 2, 1, 30_000, true],
    [3, 2, 1, 29_999, false],
  ])('limit %i, previous %i, current %i, %i ms in: admitted %s', (limit, previous, current, elapsed, expected) => {
    expect(admits(limit, previous, current, elapsed)).toBe(expected);
  });

  it('lets the previous window weigh less and less over the minute', () => {
    // Ten in the previous window, none yet in this one, a limit of 10: how many fit at each point.
    const fitting = (elapsed: number) => {
      let current = 0;
      while (admits(10, 10, current, elapsed)) current += 1;
      return current;
    };
    expect([0, 6_000, 15_000, 30_000, 45_000, 54_000, 59_999].map(fitting)).toEqual([0, 1, 2, 5, 7, 9, 9]);
  });

  it('says when one more request fits: admitted then, not a millisecond before', () => {
    for (const limit of [1, 2, 3, 7, 10, 60, 1000]) {
      for (const previous of [0, 1, 2, limit - 1, limit, limit + 1, 3 * limit]) {
        for (const current of [0, 1, limit - 1, limit, limit + 5]) {
          for (const elapsed of [0, 1, 999, 1_000, 17_321, 30_000, 59_000, 59_999]) {
            const wait = millisecondsUntilAdmitted(limit, previous, current, elapsed);
            const context = { limit, previous, current, elapsed, wait };
            expect(admitsAt(limit, previous, current, elapsed + wait), JSON.stringify(context)).toBe(true);
            if (wait > 0) expect(admitsAt(limit, previous, current, elapsed + wait - 1), JSON.stringify(context)).toBe(false);
            else expect(admits(limit, previous, current, elapsed)).toBe(true);
            // Retry-After in whole seconds: a retry then is admitted; at most a second is lost.
            const seconds = retryAfterSeconds(wait);
            expect(admitsAt(limit, previous, current, elapsed + seconds * 1000), JSON.stringify(context)).toBe(true);
            expect(seconds * 1000 - wait).toBeLessThanOrEqual(1000);
          }
        }
      }
    }
  });

  it('waits out the window and part of the next when this window is full', () => {
    // 10 of 10 at 20 s: the rest of this minute (40 s), then 6 s into the next, when 10 × 54/60 = 9.
    expect(millisecondsUntilAdmitted(10, 0, 10, 20_000)).toBe(46_000);
    // A limit of 1 used: free only when the window it was used in has left the last minute.
    expect(millisecondsUntilAdmitted(1, 0, 1, 20_000)).toBe(100_000);
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1_000)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
  });
});

describe('local counter', () => {
  it('keeps the current and the previous window, and forgets the one before', () => {
    const counter = createLocalCounter();
    counter.count('a', 100);
    counter.count('a', 100);
    counter.count('b', 100);
    expect([counter.previous('a', 100), counter.current('a', 100), counter.current('b', 100)]).toEqual([0, 2, 1]);
    counter.count('a', 101);
    expect([counter.previous('a', 101), counter.current('a', 101), counter.previous('b', 101), counter.current('b', 101)]).toEqual([2, 1, 1, 0]);
    expect([counter.previous('a', 102), counter.current('a', 102)]).toEqual([1, 0]);
    expect(counter.previous('b', 102)).toBe(0);
  });

  it('starts afresh after a jump of more than a window, or a clock set back', () => {
    const counter = createLocalCounter();
    counter.count('a', 100);
    expect([counter.previous('a', 102), counter.current('a', 102)]).toEqual([0, 0]);
    counter.count('a', 102);
    expect([counter.previous('a', 101), counter.current('a', 101)]).toEqual([0, 0]);
  });
});
