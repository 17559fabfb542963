import { readdir } from 'node:fs/promises';
import { firstSeenKey, type FirstSeenStore } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';

const KEY = firstSeenKey('https://example.com/news/');
const T1 = Date.parse('2026-03-01T08:00:00Z');
const T2 = Date.parse('2026-03-02T08:00:00Z');

/** What every store promises: the first time stays, new GUIDs get the current time. */
export function runContract(name: string, create: () => Promise<FirstSeenStore>): void {
  describe(`first-seen contract: ${name}`, () => {
    it('keeps the first time of a GUID and records new ones at `now`', async () => {
      const store = await create();
      const first = await store.remember(KEY, ['a', 'b'], T1);
      expect([...first]).toEqual([['a', T1], ['b', T1]]);
      const second = await store.remember(KEY, ['c', 'a'], T2);
      expect([...second]).toEqual([['c', T2], ['a', T1]]);
      const other = await store.remember(firstSeenKey('https://example.com/other/'), ['a'], T2);
      expect(other.get('a')).toBe(T2);
    });

    it('gives concurrent calls for one feed one time per GUID', async () => {
      const store = await create();
      const results = await Promise.all([store.remember(KEY, ['x'], T1), store.remember(KEY, ['x', 'y'], T2)]);
      expect(results[1]?.get('x')).toBe(results[0]?.get('x'));
      expect(results[1]?.get('y')).toBe(T2);
    });
  });
}


const DAY = 86_400_000;

/**
 * What both file stores promise about expiry, by the clock they are given: a feed built again 100
 * days after its first build keeps its times until 180 days after that last build; a feed never
 * built again is removed 180 days after its only one. `store` writes into the empty `directory`.
 */
export async function expectFileExpiry(store: FirstSeenStore & { expire(now: number): Promise<number>; idle(): Promise<void> }, directory: string): Promise<void> {
  const OLD = firstSeenKey('https://example.com/one-off/');
  await store.remember(OLD, ['a'], T1);
  await store.remember(KEY, ['a'], T1);
  await store.idle();
  // KEY is built again 100 days later, OLD never again.
  await store.remember(KEY, ['a'], T1 + 100 * DAY);
  expect(await store.expire(T1 + 180 * DAY - 1)).toBe(0);
  expect(await store.expire(T1 + 181 * DAY)).toBe(1);
  expect(await readdir(directory)).toEqual([`${KEY}.json`]);
  // The rebuilt feed keeps its times until 180 days after its own last build.
  expect((await store.remember(KEY, ['a'], T1 + 200 * DAY)).get('a')).toBe(T1);
  expect(await store.expire(T1 + 379 * DAY)).toBe(0);
  expect(await store.expire(T1 + 381 * DAY)).toBe(1);
  expect(await readdir(directory)).toEqual([]);
}
