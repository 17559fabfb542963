import { createMemoryCache } from '@pagefeed/fetchers';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test-support/app-harness.js';
import { FEED_KEY_PREFIX } from './feed-service.js';

/**
 * A generation's cache write follows its answer (`storeAfterAnswer` in `feed-service.ts`): what
 * the feed's readers see meanwhile, and what a failing write does.
 */
type SetOptions = { ttlSeconds?: number };

/** A memory cache that notes the feed entries written to it, or fails to write them. */
function watchedCache(fail = false) {
  const memory = createMemoryCache();
  const written: string[] = [];
  const set = (key: string, value: unknown, options?: SetOptions) => {
    if (!key.startsWith(FEED_KEY_PREFIX)) return memory.set(key, value, options);
    if (fail) return Promise.reject(new Error('the cache is full'));
    written.push(key);
    return memory.set(key, value, options);
  };
  return { cache: { ...memory, set }, written };
}

describe('the cache write after the answer', () => {
  it('answers a miss before its entry is written; a read in between gets the same generation, not a second one', async () => {
    const { cache, written } = watchedCache();
    const harness = createHarness({ deps: { cache } });
    const miss = await harness.app.request('/api/v1/feeds/news.rss');
    expect(miss.headers.get('x-cache')).toBe('miss');
    // Answered, not written yet: the write waits for the event loop's next check phase.
    expect(written).toEqual([]);
    const between = await harness.app.request('/api/v1/feeds/news.rss');
    expect(between.headers.get('x-cache')).toBe('fresh');
    expect(between.headers.get('etag')).toBe(miss.headers.get('etag'));
    expect(await between.text()).toBe(await miss.text());
    await harness.feedService.idle();
    expect(written).toHaveLength(1);
    const after = await harness.app.request('/api/v1/feeds/news.rss');
    expect(after.headers.get('x-cache')).toBe('fresh');
    expect(after.headers.get('etag')).toBe(miss.headers.get('etag'));
    expect(harness.engine.calls()).toBe(1);
  });

  it('still answers a generation whose cache write fails, logs why, and generates again on the next read', async () => {
    const harness = createHarness({ deps: { cache: watchedCache(true).cache } });
    const first = await harness.app.request('/api/v1/feeds/news.rss');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    await harness.feedService.idle();
    const warning = harness.logs.find((line) => line['message'] === 'could not store a generated feed in the cache; its next read generates it again');
    expect(warning).toMatchObject({ feed: 'news' });
    expect(JSON.stringify(warning)).toContain('the cache is full');
    const second = await harness.app.request('/api/v1/feeds/news.rss');
    expect(second.headers.get('x-cache')).toBe('miss');
    expect(harness.engine.calls()).toBe(2);
  });
});
