import { describe, expect, it } from 'vitest';
import type { CacheDriver } from '../contracts/cache.js';
import { createCacheFirstSeen, createMemoryFirstSeen, FIRST_SEEN_LIMIT, mergeFirstSeen, type FirstSeenRecord } from './first-seen.js';

const record = (seen: Record<string, number>): FirstSeenRecord => ({ version: 1, seen });

describe('mergeFirstSeen', () => {
  it('starts a record when there is none', () => {
    const { record: next, times } = mergeFirstSeen(undefined, ['a', 'b'], 100);
    expect(next).toEqual(record({ a: 100, b: 100 }));
    expect([...times]).toEqual([['a', 100], ['b', 100]]);
  });

  it('keeps the earlier times of known GUIDs and reports no change when every GUID is known', () => {
    const stored = record({ a: 1, b: 2, c: 3 });
    const { record: next, times } = mergeFirstSeen(stored, ['b', 'a'], 100);
    expect(next).toBeUndefined();
    expect([...times]).toEqual([['b', 2], ['a', 1]]);
    expect(stored).toEqual(record({ a: 1, b: 2, c: 3 }));
  });

  it('adds new GUIDs to a copy, leaving the stored record as it was', () => {
    const stored = record({ a: 1 });
    const { record: next, times } = mergeFirstSeen(stored, ['a', 'b'], 100);
    expect(next).toEqual(record({ a: 1, b: 100 }));
    expect(times.get('b')).toBe(100);
    expect(stored).toEqual(record({ a: 1 }));
  });

  it('replaces a time that is not a finite number', () => {
    const stored = record({ a: Number.NaN, b: 'x' as unknown as number });
    const { record: next, times } = mergeFirstSeen(stored, ['a', 'b'], 100);
    expect(next).toEqual(record({ a: 100, b: 100 }));
    expect([...times.values()]).toEqual([100, 100]);
  });

  it('reads GUIDs named like Object.prototype properties as unknown unless stored', () => {
    const { record: first } = mergeFirstSeen(undefined, ['toString'], 5);
    expect(Object.hasOwn(first!.seen, 'toString')).toBe(true);
    expect(first!.seen.toString).toBe(5);
    const { record: second, times } = mergeFirstSeen(first, ['toString', 'constructor'], 9);
    expect(second!.seen.constructor).toBe(9);
    expect(times.get('toString')).toBe(5);
  });

  it('trims a record over the limit even when every GUID is known, keeping the current and most recent ones', () => {
    const seen: Record<string, number> = {};
    for (let index = 0; index <= FIRST_SEEN_LIMIT; index += 1) seen[`g${index}`] = index;
    const { record: next, times } = mergeFirstSeen(record(seen), ['g0'], 1e9);
    expect(next).toBeDefined();
    expect(Object.keys(next!.seen)).toHaveLength(FIRST_SEEN_LIMIT);
    expect(next!.seen.g0).toBe(0);
    expect(next!.seen.g1).toBeUndefined();
    expect(times.get('g0')).toBe(0);
  });

  it('treats something that is not a record as none', () => {
    const { record: next } = mergeFirstSeen({ version: 2, seen: { a: 1 } } as unknown as FirstSeenRecord, ['a'], 7);
    expect(next).toEqual(record({ a: 7 }));
  });
});

describe('peek (the record read ahead of a build)', () => {
  /** A cache driver in a Map, enough for the store (core has no memory cache driver of its own). */
  function mapCache(): CacheDriver {
    const entries = new Map<string, unknown>();
    return {
      name: 'map',
      get: async <T>(key: string) => entries.get(key) as T | undefined,
      set: async (key, value) => void entries.set(key, value),
      delete: async (key) => void entries.delete(key),
    };
  }

  for (const [name, make] of [['memory', () => createMemoryFirstSeen()], ['cache', () => createCacheFirstSeen(mapCache())]] as const) {
    it(`gives what remember recorded, and records nothing itself (${name})`, async () => {
      const store = make();
      expect(await store.peek!('feed')).toBeUndefined();
      expect(await store.peek!('feed')).toBeUndefined();
      await store.remember('feed', ['a'], 100);
      expect(await store.peek!('feed')).toEqual(record({ a: 100 }));
      expect(await store.remember('feed', ['a', 'b'], 200)).toEqual(new Map([['a', 100], ['b', 200]]));
      expect(await store.peek!('feed')).toEqual(record({ a: 100, b: 200 }));
      expect(await store.peek!('other')).toBeUndefined();
    });
  }
});
