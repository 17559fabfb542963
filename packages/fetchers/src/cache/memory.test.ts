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

  it('getNow answers what get answers, with the same expiry and recency', async () => {
    let now = 1_000_000;
    const cache = createMemoryCache({ maxEntries: 2, now: () => now });
    await cache.set('a', 'text', { ttlSeconds: 10 });
    await cache.set('b', { value: 2 });
    expect(cache.getNow('a')).toBe('text');
    expect(cache.getNow('b')).toEqual({ value: 2 });
    expect(cache.getNow('missing')).toBeUndefined();
    // Reading a made it the most recent: c evicts b.
    expect(cache.getNow('a')).toBe(await cache.get('a'));
    await cache.set('c', 3);
    expect(cache.getNow('b')).toBeUndefined();
    now += 10_000;
    expect(cache.getNow('a')).toBeUndefined();
    expect(await cache.get('a')).toBeUndefined();
  });

  it('keeps least-recently-used order when the newest entry is read again and again', async () => {
    const cache = createMemoryCache({ maxEntries: 3 });
    await cache.set('a', 1);
    await cache.set('b', 2);
    await cache.set('c', 3);
    for (let read = 0; read < 3; read += 1) expect(await cache.get('c')).toBe(3);
    expect(await cache.get('a')).toBe(1);
    expect(await cache.get('a')).toBe(1);
    await cache.delete('a');
    await cache.set('d', 4);
    await cache.set('e', 5);
    // Order was b, c, d, e: b is evicted; reading c then leaves d the oldest.
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('c')).toBe(3);
    await cache.set('f', 6);
    expect(await cache.get('d')).toBeUndefined();
    expect([await cache.get('c'), await cache.get('e'), await cache.get('f')]).toEqual([3, 5, 6]);
  });

  it('evicts old entries to stay under maxBytes and skips a value larger than the budget', async () => {
    const cache = createMemoryCache({ maxBytes: 1000 });
    await cache.set('first', 'x'.repeat(700));
    await cache.set('second', 'y'.repeat(300));
    expect(await cache.get('first')).toBeUndefined();
    expect(await cache.get('second')).toHaveLength(300);
    await cache.set('huge', 'z'.repeat(2000));
    expect(await cache.get('huge')).toBeUndefined();
    expect(await cache.get('second')).toHaveLength(300);
    // Characters beyond Latin-1 take two bytes each: 'second' (306) + 'third' (605) fit, a fourth not.
    await cache.set('third', '✓'.repeat(300));
    expect(await cache.get('second')).toHaveLength(300);
    await cache.set('fourth', '✓'.repeat(300));
    expect(await cache.get('third')).toBeUndefined();
    expect(await cache.get('second')).toHaveLength(300);
    expect(await cache.get('fourth')).toHaveLength(300);
  });

  it('sweeps expired entries before evicting live ones', async () => {
    let now = 0;
    const cache = createMemoryCache({ maxEntries: 3, now: () => now });
    await cache.set('kept', 'feed');
    await cache.set('short-1', 'x', { ttlSeconds: 5 });
    await cache.set('short-2', 'x', { ttlSeconds: 5 });
    now += 10_000;
    await cache.set('new', 'feed');
    await cache.set('newer', 'feed');
    expect(await cache.get('kept')).toBe('feed');
    expect(await cache.get('new')).toBe('feed');
    expect(await cache.get('newer')).toBe('feed');
  });

  it('keeps a string as itself, and compares strings and JSON values apart', async () => {
    const cache = createMemoryCache();
    const document = '<rss version="2.0">\n  <title>"quoted" \\ é</title>\n</rss>';
    await cache.set('document', document);
    expect(await cache.get('document')).toBe(document);
    await cache.set('number', 1);
    await cache.set('text', '1');
    expect(await cache.get('number')).toBe(1);
    expect(await cache.get('text')).toBe('1');
    expect(await cache.deleteIfEquals('text', 1)).toBe(false);
    expect(await cache.deleteIfEquals('number', '1')).toBe(false);
    await expect(cache.increment('text')).rejects.toThrow(TypeError);
    expect(await cache.deleteIfEquals('text', '1')).toBe(true);
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
