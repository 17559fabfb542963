import { isFeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '@pagefeed/fetchers';
import { createApp } from './app.js';
import { createHarness, feedConfig, SECRET } from './test-support/app-harness.js';
import { createFakeEngine } from './test-support/fake-engine.js';

/**
 * `PUBLIC_URL` (settings.publicUrl): every absolute URL the app writes starts with it, whatever
 * the request's Host; the feed cache then holds one entry per feed, not one per Host.
 * `app.request(url)` takes its origin from the URL, as @hono/node-server does from the Host header.
 */
const PUBLIC = 'https://feeds.example.com:8443';
const feeds = {
  news: feedConfig('https://example.com/news'),
  tagged: feedConfig('https://example.com/tags/%<tag>s', { parameters: { tag: {} } }),
};

function harness(publicUrl: string | undefined, cachedReadFastPath = true) {
  const subject = createHarness({ feeds, settings: { publicUrl }, deps: { cachedReadFastPath } });
  const read = (host: string, path: string, headers: Record<string, string> = {}) => subject.app.request(`http://${host}${path}`, { headers: { host, ...headers } });
  return { ...subject, read };
}

/** The self link of each format, as a feed reader finds it. */
const SELF_LINK = {
  rss: (document: string) => /<atom:link href="([^"]*)" rel="self"/.exec(document)?.[1],
  atom: (document: string) => /<link rel="self" type="application\/atom\+xml" href="([^"]*)"/.exec(document)?.[1],
  json: (document: string) => (JSON.parse(document) as { feed_url?: string }).feed_url,
} as const;
const FORMATS = ['rss', 'atom', 'json'] as const;

describe('PUBLIC_URL set', () => {
  it.each([true, false])('writes it into the self link of every format, whatever the Host (fast path %s)', async (fastPath) => {
    const { read } = harness(PUBLIC, fastPath);
    for (const host of ['localhost:4000', 'evil.test', '10.0.0.7:4000']) {
      for (const format of FORMATS) {
        const response = await read(host, `/api/v1/feeds/news.${format}`);
        expect(response.status).toBe(200);
        const document = await response.text();
        expect(SELF_LINK[format](document)).toBe(`${PUBLIC}/api/v1/feeds/news.${format}`);
        expect(document).not.toContain(host);
      }
    }
  });

  it.each([true, false])('keeps one cache entry for every Host: a read through another Host is a hit (fast path %s)', async (fastPath) => {
    const { read, engine } = harness(PUBLIC, fastPath);
    for (const format of FORMATS) {
      const first = await read('a.test', `/api/v1/feeds/news.${format}`);
      const second = await read('b.test:8080', `/api/v1/feeds/news.${format}`);
      const third = await read('a.test', `/api/v1/feeds/news.${format}`);
      expect([first.headers.get('x-cache'), second.headers.get('x-cache'), third.headers.get('x-cache')]).toEqual([format === 'rss' ? 'miss' : 'fresh', 'fresh', 'fresh']);
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(await second.text()).toBe(await first.text());
    }
    // The other formats were rendered from the one cached generation.
    expect(engine.calls()).toBe(1);
  });

  it('keeps the canonical query of a parameterised feed in its self link, one entry for every Host', async () => {
    const { read, engine } = harness(PUBLIC);
    const first = await read('a.test', '/api/v1/feeds/tagged.rss?tag=rust');
    const second = await read('b.test', '/api/v1/feeds/tagged.rss?tag=rust');
    expect(SELF_LINK.rss(await first.text())).toBe(`${PUBLIC}/api/v1/feeds/tagged.rss?tag=rust`);
    expect(second.headers.get('x-cache')).toBe('fresh');
    expect(engine.calls()).toBe(1);
  });

  it('writes it into the links of GET /api/v1 and GET /api/v1/feeds', async () => {
    const { read } = harness(PUBLIC);
    const instance = (await (await read('evil.test', '/api/v1')).json()) as { links: Record<string, string> };
    expect(instance.links).toEqual({ feeds: `${PUBLIC}/api/v1/feeds`, openapi: `${PUBLIC}/api/v1/openapi.json`, health: `${PUBLIC}/api/v1/health` });
    const list = (await (await read('evil.test', '/api/v1/feeds')).json()) as { feeds: { name: string; links: Record<string, string> }[] };
    expect(list.feeds.find((feed) => feed.name === 'news')?.links).toEqual({
      rss: `${PUBLIC}/api/v1/feeds/news.rss`,
      atom: `${PUBLIC}/api/v1/feeds/news.atom`,
      json: `${PUBLIC}/api/v1/feeds/news.json`,
    });
  });

  it('writes it into a created feed’s links and Location; its first read through any Host is a hit', async () => {
    const { post, bearer, read, engine } = harness(PUBLIC);
    const created = await post('http://internal:4000/api/v1/feeds', { url: 'https://example.com/news' }, { ...bearer(), host: 'internal:4000' });
    expect(created.status).toBe(201);
    const { feed } = (await created.json()) as { feed: { token: string; links: Record<string, string> } };
    expect(feed.links).toEqual({ rss: `${PUBLIC}/api/v1/feeds/${feed.token}.rss`, atom: `${PUBLIC}/api/v1/feeds/${feed.token}.atom`, json: `${PUBLIC}/api/v1/feeds/${feed.token}.json` });
    expect(created.headers.get('location')).toBe(feed.links['rss']);
    const first = await read('other.test', `/api/v1/feeds/${feed.token}.rss`);
    expect(first.headers.get('x-cache')).toBe('fresh');
    expect(SELF_LINK.rss(await first.text())).toBe(feed.links['rss']);
    expect(engine.calls()).toBe(1);
  });

  it('drops a trailing slash of the setting, and refuses a value that is not an origin when the app is made', async () => {
    const { read } = harness('https://feeds.example.com/');
    expect(SELF_LINK.json(await (await read('a.test', '/api/v1/feeds/news.json')).text())).toBe('https://feeds.example.com/api/v1/feeds/news.json');
    const deps = { engine: createFakeEngine(), cache: createMemoryCache(), feeds: { feeds, accounts: [] } };
    const settings = { environment: 'test', version: '0', secretKey: SECRET, autoSourceEnabled: true, bodyLimitBytes: 1024, rateLimitPerMinute: 0, strategies: ['plain'], rendererConfigured: false };
    let refused: unknown;
    try {
      createApp({ ...deps, settings: { ...settings, publicUrl: 'https://feeds.example.com/pagefeed' } });
    } catch (error) {
      refused = error;
    }
    expect(isFeedError(refused) && refused.code === 'ConfigurationInvalid' && refused.path === 'PUBLIC_URL').toBe(true);
  });
});

describe('PUBLIC_URL unset (the request decides, as before)', () => {
  it('follows each request’s origin in self links and API links, one cache entry for every Host (issue #18)', async () => {
    const { read, engine } = harness(undefined);
    const first = await read('a.test', '/api/v1/feeds/news.rss');
    const second = await read('b.test:8080', '/api/v1/feeds/news.rss');
    expect(SELF_LINK.rss(await first.text())).toBe('http://a.test/api/v1/feeds/news.rss');
    expect(SELF_LINK.rss(await second.text())).toBe('http://b.test:8080/api/v1/feeds/news.rss');
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['miss', 'fresh']);
    expect(engine.calls()).toBe(1);
    const instance = (await (await read('b.test:8080', '/api/v1')).json()) as { links: Record<string, string> };
    expect(instance.links['feeds']).toBe('http://b.test:8080/api/v1/feeds');
  });
});
