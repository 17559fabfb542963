import { describe, expect, it } from 'vitest';
import { runCacheDriverContract } from './contract.js';
import { createMemoryCache } from './memory.js';

runCacheDriverContract('memory', () => createMemoryCache());

describe('createMemoryCache', () => {
  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = createMemoryCache({ maxEntries: 2 });
    await cache.set('a', 1);
    await cache.set('b', 2);
    await cache.get('a');
    await cache.set('c', 3);
    expect(await cache.get('a')).toBe(1);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('c')).toBe(3);
  });

  it('evicts old entries to stay under maxBytes and skips a value larger than the budget', async () => {
    const cache = createMemoryCache({ maxBytes: 1000 });
    await cache.set('first', 'x'.repeat(300));
    await cache.set('second', 'y'.repeat(300));
    expect(await cache.get('first')).toBeUndefined();
    expect(await cache.get('second')).toHaveLength(300);
    await cache.set('huge', 'z'.repeat(2000));
    expect(await cache.get('huge')).toBeUndefined();
    expect(await cache.get('second')).toHaveLength(300);
  });

  it('follows an injected clock for expiry', async () => {
    let now = 1_000_000;
    const cache = createMemoryCache({ now: () => now });
    await cache.set('key', 'value', { ttlSeconds: 60 });
    now += 59_999;
    expect(await cache.get('key')).toBe('value');
    now += 1;
    expect(await cache.get('key')).toBeUndefined();
  });

  it('deletes only when the stored value equals the expected one', async () => {
    const cache = createMemoryCache();
    await cache.set('lock', 'token-a');
    expect(await cache.deleteIfEquals('lock', 'token-b')).toBe(false);
    expect(await cache.get('lock')).toBe('token-a');
    expect(await cache.deleteIfEquals('lock', 'token-a')).toBe(true);
    expect(await cache.get('lock')).toBeUndefined();
  });
});

describe('createMemoryCache expireIfEquals', () => {
  it('renews the expiry only for the expected value', async () => {
    let now = 0;
    const cache = createMemoryCache({ now: () => now });
    await cache.set('lock', 'token-a', { ttlSeconds: 1 });
    expect(await cache.expireIfEquals('lock', 'token-b', 60)).toBe(false);
    expect(await cache.expireIfEquals('lock', 'token-a', 60)).toBe(true);
    now += 30_000;
    expect(await cache.get('lock')).toBe('token-a');
    expect(await cache.expireIfEquals('missing', 'token-a', 60)).toBe(false);
  });
});
