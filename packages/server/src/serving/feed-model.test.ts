import { createHash } from 'node:crypto';
import type { Feed } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { etagsOf, hashedModelOf, modelOf } from './feed-model.js';

const feed = (title: string, updated: string): Feed => ({
  channel: { title, url: 'https://example.com/', updated_at: new Date(updated) },
  items: [{ title: 'One', url: 'https://example.com/1', guid: 'https://example.com/1' }],
} as unknown as Feed);

describe('hashedModelOf: the content hash and the ETags made with it', () => {
  it('gives each format its own strong ETag from the content hash, made where the hash is', () => {
    const made = hashedModelOf(feed('News', '2026-03-01T08:00:00Z'));
    expect(made.contentHash).toBe(createHash('sha256').update(made.model).digest('hex'));
    expect(made.etags).toEqual(etagsOf(made.contentHash));
    expect(made.etags.rss).toBe(`"${createHash('sha256').update(`rss:${made.contentHash}`).digest('hex').slice(0, 32)}"`);
    expect(new Set(Object.values(made.etags)).size).toBe(3);
  });

  it('keeps the ETags while only the build time changes, and changes them with the content', () => {
    const first = hashedModelOf(feed('News', '2026-03-01T08:00:00Z'));
    expect(hashedModelOf(feed('News', '2026-03-02T08:00:00Z')).etags).toEqual(first.etags);
    expect(hashedModelOf(feed('Other news', '2026-03-01T08:00:00Z')).etags.rss).not.toBe(first.etags.rss);
  });
});

describe('modelOf: the feed as JSON', () => {
  it('writes the items as JSON.stringify writes them, dates in their places (valid, invalid, missing)', () => {
    const items = [
      { guid: 'a', guidIsPermalink: false, title: 'Dated', published_at: new Date('2026-03-01T08:00:00.123Z'), categories: ['x'], updated_at: new Date('2026-03-02T08:00:00Z'), url: 'https://example.com/a' },
      { guid: 'b', guidIsPermalink: true, categories: [], first_seen_at: new Date('2026-01-03T04:05:06.789Z'), description: '“quoted” text' },
      { guid: 'c', guidIsPermalink: true, categories: [], published_at: new Date(Number.NaN), title: 'Invalid date' },
      { guid: 'd', guidIsPermalink: true, categories: [], title: 'No date', published_at: undefined },
    ];
    const feed = { channel: { title: 'News', url: 'https://example.com/', description: '', ttl: 60, updated_at: new Date('2026-03-03T00:00:00Z') }, items, stylesheets: [] } as unknown as Feed;
    const { model, updatedAt } = modelOf(feed);
    const { updated_at: _built, ...channel } = feed.channel;
    expect(model).toBe(JSON.stringify({ channel, items, stylesheets: [] }));
    expect(updatedAt).toBe(Date.parse('2026-03-03T00:00:00Z'));
    // The feed's own items are left as they were.
    expect(items[0]!.published_at).toBeInstanceOf(Date);
  });
});
