import { describe, expect, it } from 'vitest';
import { decodeCachedFeed, encodeCachedFeed, type CachedFeed } from './cached-feed.js';

const entry: CachedFeed = {
  title: 'Line\nbreak "quoted" é ✓',
  itemCount: 2,
  contentHash: 'abc',
  etags: { rss: '"r"', atom: '"a"', json: '"j"' },
  documents: { rss: '<rss>\n<title>"x" \\ é</title>\n</rss>', atom: '', json: '{"items":["\\n"]}\n' },
  generatedAt: 1,
  lastModified: 2,
  expiresAt: 3,
  ttlSeconds: 4,
};

describe('cached feed layout', () => {
  it('round-trips metadata and every document byte for byte', () => {
    const stored = encodeCachedFeed(entry);
    expect(typeof stored).toBe('string');
    expect(decodeCachedFeed(stored)).toEqual(entry);
    expect(decodeCachedFeed(JSON.parse(JSON.stringify(stored)))).toEqual(entry);
  });

  it('reads anything else as a miss (older layouts, truncated values)', () => {
    const stored = encodeCachedFeed(entry);
    expect(decodeCachedFeed(undefined)).toBeUndefined();
    expect(decodeCachedFeed({ ...entry })).toBeUndefined();
    expect(decodeCachedFeed(stored.slice(0, -1))).toBeUndefined();
    expect(decodeCachedFeed(`${stored}extra`)).toBeUndefined();
    expect(decodeCachedFeed(stored.replace('{', '['))).toBeUndefined();
  });
});
