import { renderFeed, type FeedItem } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createHarness, feedConfig } from '../test-support/app-harness.js';
import { item } from '../test-support/fake-engine.js';
import { decodeCachedFeed } from './cached-feed.js';
import { cacheKeyOf } from './feed-service.js';
import { SELF_ORIGIN } from './self-links.js';

/**
 * A miss renders the format asked for; another format is rendered from the cached feed when first
 * asked, byte for byte what a generation would have rendered, without fetching again.
 */
const TTL_MINUTES = 10;
const feeds = { news: feedConfig('https://example.com/news', { channel: { url: 'https://example.com/news', title: 'News', ttl: TTL_MINUTES } }) };
/** Undated, as the engine hands it over: stamped with when pagefeed first saw it (Atom's `updated`). */
function withoutDate(value: FeedItem): FeedItem {
  const { published_at: _date, ...rest } = value;
  return { ...rest, first_seen_at: new Date(Date.UTC(2026, 0, 3, 4, 5, 6, 789)) };
}

const richItems = () => [
  item(1, { categories: ['a', 'b'], author: 'Ann', image: 'https://example.com/1.png', updated_at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) }),
  item(2, { description: '<p>Ünïcödé “quotes” &amp; <a href="https://example.com/x">link</a></p>', enclosure: { url: 'https://example.com/a.mp3', type: 'audio/mpeg', length: 1234 } }),
  withoutDate(item(3, { title: 'No date' })),
];

async function storedEntry(harness: ReturnType<typeof createHarness>, format: 'rss' | 'atom' | 'json') {
  const base = `${SELF_ORIGIN}/api/v1/feeds/news`;
  const key = cacheKeyOf({ config: feeds.news, parameters: {}, selfUrls: { rss: `${base}.rss`, atom: `${base}.atom`, json: `${base}.json` }, label: 'news', variant: 'news\n', format });
  return decodeCachedFeed(await harness.cache.get(key));
}

describe('formats rendered when first asked', () => {
  it('renders only the asked format on a miss, the others later from the cached feed, without fetching again', async () => {
    const harness = createHarness({ feeds });
    harness.engine.setSource(richItems);
    const rss = await harness.app.request('/api/v1/feeds/news.rss');
    expect(rss.headers.get('x-cache')).toBe('miss');
    // The generation is written to the cache after its answer (`storeAfterAnswer`).
    await harness.feedService.idle();
    const first = await storedEntry(harness, 'rss');
    expect(Object.keys(first!.documents)).toEqual(['rss']);
    expect(first!.model).toBeDefined();

    const atom = await harness.app.request('/api/v1/feeds/news.atom');
    expect(atom.status).toBe(200);
    expect(atom.headers.get('x-cache')).toBe('fresh');
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    await harness.feedService.idle();
    expect(Object.keys((await storedEntry(harness, 'atom'))!.documents).sort()).toEqual(['atom', 'rss']);

    await harness.app.request('/api/v1/feeds/news.json');
    await harness.feedService.idle();
    const complete = await storedEntry(harness, 'json');
    expect(Object.keys(complete!.documents).sort()).toEqual(['atom', 'json', 'rss']);
    // Every format rendered: the feed itself is still kept, for reads narrowed by ?include=, ?limit= … (issue #20).
    expect(complete!.model).toBeDefined();
    expect(harness.engine.calls()).toBe(1);
  });

  it('renders a later format byte for byte as the same generation would have rendered it', async () => {
    const harness = createHarness({ feeds });
    harness.engine.setSource(richItems);
    const base = `${SELF_ORIGIN}/api/v1/feeds/news`;
    const request = { config: feeds.news, parameters: {}, selfUrls: { rss: `${base}.rss`, atom: `${base}.atom`, json: `${base}.json` }, label: 'news' };
    const { entry, result } = await harness.feedService.generate(request);
    expect(Object.keys(entry.documents)).toEqual(['rss']);
    await harness.feedService.idle();
    // Read back from the cache, as a later request finds it: the feed went through its JSON form.
    const cached = await storedEntry(harness, 'rss');
    for (const format of ['atom', 'json'] as const) {
      const expected = renderFeed({ ...result.feed, channel: { ...result.feed.channel, self_url: request.selfUrls[format] } }, format);
      expect(harness.feedService.document(request, cached!, format)).toBe(expected);
    }
    expect(harness.feedService.document(request, cached!, 'rss')).toBe(renderFeed({ ...result.feed, channel: { ...result.feed.channel, self_url: request.selfUrls.rss } }, 'rss'));
  });

  it('keeps every format ETag from the start and answers 304 without rendering', async () => {
    const harness = createHarness({ feeds });
    const rss = await harness.app.request('/api/v1/feeds/news.rss');
    const atom = await harness.app.request('/api/v1/feeds/news.atom');
    expect(atom.headers.get('etag')).not.toBe(rss.headers.get('etag'));
    const notModified = await harness.app.request('/api/v1/feeds/news.atom', { headers: { 'if-none-match': atom.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
  });

  it('renders at the next generation the formats that were asked for before', async () => {
    const harness = createHarness({ feeds });
    await harness.app.request('/api/v1/feeds/news.rss');
    await harness.app.request('/api/v1/feeds/news.atom');
    await harness.feedService.idle();
    harness.advance(TTL_MINUTES * 60 + 1);
    expect((await harness.app.request('/api/v1/feeds/news.rss')).headers.get('x-cache')).toBe('stale');
    await harness.feedService.idle();
    const refreshed = await storedEntry(harness, 'rss');
    expect(harness.engine.calls()).toBe(2);
    expect(Object.keys(refreshed!.documents).sort()).toEqual(['atom', 'rss']);
  });

  it('does not store a document rendered from an older generation over a newer one', async () => {
    const harness = createHarness({ feeds });
    await harness.app.request('/api/v1/feeds/news.rss');
    await harness.feedService.idle();
    const old = await storedEntry(harness, 'rss');
    harness.advance(1);
    harness.engine.setSource(() => [item(7)]);
    const base = `${SELF_ORIGIN}/api/v1/feeds/news`;
    const request = { config: feeds.news, parameters: {}, selfUrls: { rss: `${base}.rss`, atom: `${base}.atom`, json: `${base}.json` }, label: 'news', variant: 'news\n' };
    await harness.feedService.generate(request);
    const text = harness.feedService.document(request, old!, 'atom');
    expect(text).toContain('Post 1');
    await harness.feedService.idle();
    const current = await storedEntry(harness, 'rss');
    expect(current!.documents.atom).toBeUndefined();
    expect(current!.documents.rss).toContain('Post 7');
  });
});
