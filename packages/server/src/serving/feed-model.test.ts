import { createHash } from 'node:crypto';
import type { Feed } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { etagsOf, hashedModelOf } from './feed-model.js';

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
