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

  it('round-trips an entry with some documents and the feed to render the others from', () => {
    const partial: CachedFeed = { ...entry, documents: { atom: '<feed/>' }, model: '{"channel":{"title":"\n"},"items":[]}', updatedAt: 5 };
    expect(decodeCachedFeed(encodeCachedFeed(partial))).toEqual(partial);
    const empty: CachedFeed = { ...entry, documents: {}, model: '{}' };
    expect(decodeCachedFeed(encodeCachedFeed(empty))).toEqual(empty);
  });

  it('refuses an entry missing a document without the feed to render it from', () => {
    const { model: _model, ...withoutModel } = { ...entry, documents: { rss: '<rss/>' }, model: '{}' };
    expect(decodeCachedFeed(encodeCachedFeed(withoutModel))).toBeUndefined();
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
