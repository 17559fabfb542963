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

