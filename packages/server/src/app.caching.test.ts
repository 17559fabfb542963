import { FeedError } from '@pagefeed/core';
import { createMemoryCache, createSingleFlight } from '@pagefeed/fetchers';
import { describe, expect, it } from 'vitest';
import { createHarness, feedConfig } from './test-support/app-harness.js';
import { createFakeEngine, item } from './test-support/fake-engine.js';

/** DESIGN §7 through app.request(): validators, 304, stale-while-revalidate, stale-if-error, single flight. */
const TTL_MINUTES = 10;
const feeds = { news: feedConfig('https://example.com/news', { channel: { url: 'https://example.com/news', title: 'News', ttl: TTL_MINUTES } }) };

describe('feed caching', () => {
  it('sends ETag, Last-Modified and Cache-Control from the ttl, then 304 on If-None-Match', async () => {
    const { app, engine } = createHarness({ feeds });
    const first = await app.request('/api/v1/feeds/news.rss');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=600, stale-while-revalidate=600, stale-if-error=86400');
    expect(first.headers.get('last-modified')).toBe(new Date(Date.UTC(2026, 5, 1, 12)).toUTCString());
    const again = await app.request('/api/v1/feeds/news.rss', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await app.request('/api/v1/feeds/news.rss', { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    expect(engine.calls()).toBe(1);
  });

  it('counts Cache-Control max-age down as the entry ages', async () => {
    const { app, advance } = createHarness({ feeds });
    expect((await app.request('/api/v1/feeds/news.rss')).headers.get('cache-control')).toContain('max-age=600,');
    expect((await app.request('/api/v1/feeds/news.rss')).headers.get('cache-control')).toContain('max-age=600,');
    advance(0.5);
    expect((await app.request('/api/v1/feeds/news.rss')).headers.get('cache-control')).toContain('max-age=599,');
    advance(100);
    expect((await app.request('/api/v1/feeds/news.rss')).headers.get('cache-control')).toContain('max-age=499,');
  });

  it('answers If-Modified-Since with 304 when nothing changed since', async () => {
    const { app } = createHarness({ feeds });
    const first = await app.request('/api/v1/feeds/news.atom');
    const lastModified = first.headers.get('last-modified')!;
    expect((await app.request('/api/v1/feeds/news.atom', { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await app.request('/api/v1/feeds/news.atom', { headers: { 'if-modified-since': earlier } })).status).toBe(200);
  });

  it('gives each format its own ETag', async () => {
    const { app } = createHarness({ feeds });
    const tags = new Set<string | null>();
    for (const format of ['rss', 'atom', 'json']) tags.add((await app.request(`/api/v1/feeds/news.${format}`)).headers.get('etag'));
    expect(tags.size).toBe(3);
  });

  it('keeps ETag and Last-Modified when a refresh finds the same items (not build time)', async () => {
    const { app, advance, feedService, engine } = createHarness({ feeds });
    const first = await app.request('/api/v1/feeds/news.rss');
    advance(TTL_MINUTES * 60 + 1);
    expect((await app.request('/api/v1/feeds/news.rss')).headers.get('x-cache')).toBe('stale');
    await feedService.idle();
    const refreshed = await app.request('/api/v1/feeds/news.rss');
    expect(engine.calls()).toBe(2);
    expect(refreshed.headers.get('x-cache')).toBe('fresh');
    expect(refreshed.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(refreshed.headers.get('last-modified')).toBe(first.headers.get('last-modified'));
  });

  it('serves stale while one background refresh runs, then the new content', async () => {
    const { app, advance, feedService, engine } = createHarness({ feeds });
    const first = await app.request('/api/v1/feeds/news.rss');
    advance(TTL_MINUTES * 60 + 5);
    engine.setSource(() => [item(1), item(2), item(3)]);
    const stale = await Promise.all([1, 2, 3].map(() => app.request('/api/v1/feeds/news.rss')));
    for (const response of stale) {
      expect(response.headers.get('x-cache')).toBe('stale');
      expect(response.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(response.headers.get('cache-control')).toContain('max-age=0');
    }
    await feedService.idle();
    expect(engine.calls()).toBe(2);
    const fresh = await app.request('/api/v1/feeds/news.rss');
    expect(fresh.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(await fresh.text()).toContain('Post 3');
  });

  it('serves the last good result when the source fails after expiry (stale-if-error)', async () => {
    const { app, advance, feedService, engine } = createHarness({ feeds });
    const good = await (await app.request('/api/v1/feeds/news.json')).text();
    engine.setSource(() => {
      throw new FeedError('UpstreamHttpError', 'The page answered 503.');
    });
    advance(TTL_MINUTES * 60 * 2 + 10);
    const response = await app.request('/api/v1/feeds/news.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache')).toBe('stale-if-error');
    expect(await response.text()).toBe(good);
    await feedService.idle();
  });

  it('does not ask a failing source again on every request (retry after a tenth of the ttl, ≥ 30 s)', async () => {
    const { app, advance, feedService, engine } = createHarness({ feeds });
    await app.request('/api/v1/feeds/news.rss');
    engine.setSource(() => {
      throw new FeedError('FetchFailed', 'Connection refused.');
    });
    advance(TTL_MINUTES * 60 * 2 + 10);
    for (let index = 0; index < 5; index += 1) expect((await app.request('/api/v1/feeds/news.rss')).headers.get('x-cache')).toBe('stale-if-error');
    expect(engine.calls()).toBe(2);
    advance(61);
    expect((await app.request('/api/v1/feeds/news.rss')).headers.get('x-cache')).toBe('stale-if-error');
    expect(engine.calls()).toBe(3);
    engine.setSource(() => [item(9)]);
    advance(61);
    const recovered = await app.request('/api/v1/feeds/news.rss');
    expect(recovered.headers.get('x-cache')).toBe('miss');
    expect(await recovered.text()).toContain('Post 9');
    await feedService.idle();
  });

  it('without a cached result the upstream error is the answer', async () => {
    const engine = createFakeEngine(() => {
      throw new FeedError('UpstreamHttpError', 'The page answered 503.');
    });
    const { app } = createHarness({ feeds, engine });
    expect((await app.request('/api/v1/feeds/news.rss')).status).toBe(502);
  });

  it('runs one generation for concurrent misses (single flight)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const engine = createFakeEngine(async () => {
      await gate;
      return [item(1)];
    });
    const { app } = createHarness({ feeds, engine });
    const pending = Promise.all([1, 2, 3, 4, 5].map(() => app.request('/api/v1/feeds/news.rss')));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const responses = await pending;
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(engine.calls()).toBe(1);
  });

  it('caches per parameter values', async () => {
    const parameterised = { tagged: feedConfig('https://example.com/tags/%<tag>s', { parameters: { tag: { default: 'news' } } }) };
    const { app, engine } = createHarness({ feeds: parameterised });
    await app.request('/api/v1/feeds/tagged.rss?tag=a');
    await app.request('/api/v1/feeds/tagged.rss?tag=b');
    await app.request('/api/v1/feeds/tagged.rss?tag=a');
    expect(engine.calls()).toBe(2);
  });
});

describe('feed bodies', () => {
  it('sends the same UTF-8 text, with its byte length, on a miss and on cached reads', async () => {
    const engine = createFakeEngine(() => [item(1, { title: 'Grüße ✓ “quoted” 日本' })]);
    const { app } = createHarness({ feeds, engine });
    const bodies: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await app.request('/api/v1/feeds/news.atom');
      const text = await response.text();
      expect(text).toContain('Grüße ✓ “quoted” 日本');
      const length = response.headers.get('content-length');
      if (length !== null) expect(Number(length)).toBe(Buffer.byteLength(text));
      bodies.push(text);
    }
    expect(new Set(bodies).size).toBe(1);
  });
});

describe('cache entries per variant', () => {
  it('keeps one entry per feed whatever the origin, each answer with its own self links (issue #18)', async () => {
    const { app, engine } = createHarness({ feeds });
    const first = await (await app.request('http://one.example/api/v1/feeds/news.rss')).text();
    const second = await app.request('http://two.example/api/v1/feeds/news.rss');
    const secondText = await second.text();
    expect(first).toContain('http://one.example/api/v1/feeds/news.rss');
    expect(secondText).toContain('http://two.example/api/v1/feeds/news.rss');
    expect(secondText).not.toContain('one.example');
    expect(secondText).not.toContain('.invalid');
    expect(second.headers.get('x-cache')).toBe('fresh');
    expect(engine.calls()).toBe(1);
  });
});

describe('headers every answer carries', () => {
  it('sends X-Content-Type-Options and X-Request-Id on 200, 304, 404 and errors', async () => {
    const { app } = createHarness({ feeds });
    const ok = await app.request('/api/v1/feeds/news.rss');
    const answers = [
      ok,
      await app.request('/api/v1/feeds/news.rss', { headers: { 'if-none-match': ok.headers.get('etag')! } }),
      await app.request('/api/v1/feeds/missing.rss'),
      await app.request('/api/v1/no-such-route'),
      await app.request('/api/v1/feeds/news.rss?unknown=1'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 304, 404, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    }
  });
});

describe('feed caching under the memory driver default limits', () => {
  // Wired as start.ts wires it: the fetchers' single flight over the same memory cache. Its lock
  // and result keys used to stay in the LRU and push feeds out (3,000 feeds left 989 cached).
  it('keeps every one of 3,000 distinct generated feeds cached', async () => {
    const count = 3000;
    const cache = createMemoryCache();
    const many = Object.fromEntries(Array.from({ length: count }, (_, index) => [`feed-${index}`, feedConfig(`https://example.com/${index}`)]));
    const { app, engine } = createHarness({ feeds: many, deps: { cache, singleFlight: createSingleFlight({ cache }) } });
    for (let index = 0; index < count; index += 1) expect((await app.request(`/api/v1/feeds/feed-${index}.rss`)).headers.get('x-cache')).toBe('miss');
    const states = new Map<string, number>();
    for (let index = 0; index < count; index += 1) {
      const state = (await app.request(`/api/v1/feeds/feed-${index}.atom`)).headers.get('x-cache') ?? 'none';
      states.set(state, (states.get(state) ?? 0) + 1);
    }
    expect(Object.fromEntries(states)).toEqual({ fresh: count });
    expect(engine.calls()).toBe(count);
  }, 60_000);
});
