import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CacheDriver } from '@pagefeed/core';

/**
 * The behaviour every CacheDriver shares. Each driver's test file calls this with a factory
 * that returns a fresh, empty driver; what one driver passes, all drivers pass.
 */
export function runCacheDriverContract(name: string, factory: () => Promise<CacheDriver> | CacheDriver): void {
  describe(`CacheDriver contract: ${name}`, () => {
    let cache: CacheDriver;
    beforeEach(async () => {
      cache = await factory();
    });
    afterEach(async () => {
      await cache.close?.();
    });

    it('returns undefined for a key never set', async () => {
      expect(await cache.get('missing')).toBeUndefined();
    });

    it('round-trips JSON values of every shape', async () => {
      const values: Record<string, unknown> = {
        text: 'héllo ✓',
        number: 42.5,
        zero: 0,
        falsy: false,
        empty: '',
        nothing: null,
        list: [1, 'two', { three: 3 }],
        feed: { title: 'News', items: [{ title: 'A', link: 'https://example.org/a' }], etag: '"abc"' },
      };
      for (const [key, value] of Object.entries(values)) await cache.set(key, value);
      for (const [key, value] of Object.entries(values)) expect(await cache.get(key)).toEqual(value);
    });

    it('returns values as JSON would (a Date comes back as its ISO string)', async () => {
      const when = new Date('2026-01-02T03:04:05.000Z');
      await cache.set('dated', { when });
      expect(await cache.get('dated')).toEqual({ when: '2026-01-02T03:04:05.000Z' });
    });

    it('does not let a caller mutate what is stored', async () => {
      const value = { items: ['a'] };
      await cache.set('shared', value);
      value.items.push('changed after set');
      const read = await cache.get<{ items: string[] }>('shared');
      read?.items.push('changed after get');
      expect(await cache.get('shared')).toEqual({ items: ['a'] });
    });

    it('overwrites and deletes', async () => {
      await cache.set('key', 1);
      await cache.set('key', 2);
      expect(await cache.get('key')).toBe(2);
      await cache.delete('key');
      expect(await cache.get('key')).toBeUndefined();
      await cache.delete('never-there');
    });

    it('treats setting undefined as removing the key', async () => {
      await cache.set('key', 'value');
      await cache.set('key', undefined);
      expect(await cache.get('key')).toBeUndefined();
    });

    it('rejects a value JSON cannot hold and stays healthy', async () => {
      const circular: Record<string, unknown> = {};
      circular['self'] = circular;
      await expect(cache.set('circular', circular)).rejects.toThrow(TypeError);
      expect(await cache.get('circular')).toBeUndefined();
      await cache.set('after', 'fine');
      expect(await cache.get('after')).toBe('fine');
      if (cache.status) expect(cache.status()).toBe('ok');
    });

    it('expires entries after ttlSeconds and keeps entries without one', async () => {
      await cache.set('short', 'gone soon', { ttlSeconds: 0.5 });
      await cache.set('forever', 'stays');
      expect(await cache.get('short')).toBe('gone soon');
      await sleep(800);
      expect(await cache.get('short')).toBeUndefined();
      expect(await cache.get('forever')).toBe('stays');
    });

    it('treats a ttl of zero or less as already expired', async () => {
      await cache.set('key', 'old');
      await cache.set('key', 'new', { ttlSeconds: 0 });
      expect(await cache.get('key')).toBeUndefined();
    });

    it('sets only when absent, once among concurrent callers', async () => {
      if (!cache.setIfAbsent) return expect(cache.setIfAbsent).toBeUndefined();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) => cache.setIfAbsent!('lock', `owner-${index}`, { ttlSeconds: 5 })),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect(await cache.get('lock')).toBe(`owner-${winner}`);
    });

    it('lets setIfAbsent succeed again once the entry expired', async () => {
      if (!cache.setIfAbsent) return;
      expect(await cache.setIfAbsent('lock', 'first', { ttlSeconds: 0.5 })).toBe(true);
      expect(await cache.setIfAbsent('lock', 'second', { ttlSeconds: 0.5 })).toBe(false);
      await sleep(800);
      expect(await cache.setIfAbsent('lock', 'third', { ttlSeconds: 5 })).toBe(true);
      expect(await cache.get('lock')).toBe('third');
    });

    it('increments counters, creating them with an expiry that later steps do not extend', async () => {
      if (!cache.increment) return expect(cache.increment).toBeUndefined();
      expect(await cache.increment('hits', { ttlSeconds: 1.2 })).toBe(1);
      expect(await cache.increment('hits', { ttlSeconds: 1.2 })).toBe(2);
      expect(await cache.increment('hits', { by: 5 })).toBe(7);
      expect(await cache.get('hits')).toBe(7);
      await sleep(500);
      // A later step must not push the window out (fixed-window rate limits rely on it): 1.5 s
      // after creation the counter is gone; had this step renewed it, it would live until 1.7 s.
      await cache.increment('hits', { ttlSeconds: 1.2 });
      await sleep(1000);
      expect(await cache.get('hits')).toBeUndefined();
      expect(await cache.increment('hits')).toBe(1);
    });

    it('counts every concurrent increment', async () => {
      if (!cache.increment) return;
      await Promise.all(Array.from({ length: 50 }, () => cache.increment!('together', { ttlSeconds: 10 })));
      expect(await cache.get('together')).toBe(50);
    });

    it('refuses to increment a value that is not an integer counter', async () => {
      if (!cache.increment) return;
      await cache.set('text', 'not a number');
      await expect(cache.increment('text')).rejects.toThrow(/increment/i);
      await expect(cache.increment('other', { by: 1.5 })).rejects.toThrow(/whole number/);
    });

    it('reports ok once it has answered', async () => {
      if (!cache.status) return;
      await cache.set('probe', 1);
      expect(cache.status()).toBe('ok');
    });
  });
}
