import { FEED_CONTENT_TYPES, FeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { WEB_UI_CSP } from './routes/web-ui.js';
import { createHarness, feedConfig } from './test-support/app-harness.js';

/** A predefined feed with a `tag` parameter; `seen` collects the parameters each generation got. */
function taggedFeedHarness() {
  const feeds = { tagged: feedConfig('https://example.com/tags/%<tag>s', { parameters: { tag: {} } }) };
  const { app, engine } = createHarness({ feeds });
  const seen: unknown[] = [];
  engine.setSource((_config, options) => {
    seen.push(options?.parameters);
    return [];
  });
  return { app, seen };
}

/** Feed listing, reading, creation and preview, instance info and the web UI, through app.request(). */
describe('feeds API', () => {
  it('GET /api/v1 describes the instance', async () => {
    const { app } = createHarness({ settings: { autoSourceEnabled: false } });
    expect(await (await app.request('http://feeds.test/api/v1')).json()).toMatchObject({
      name: 'pagefeed',
      version: '0.1.0',
      formats: ['rss', 'atom', 'json'],
      strategies: ['plain'],
      renderer: { status: 'not_configured', hint: expect.stringContaining('RENDERER_WEBSOCKET_URL') },
      feed_creation: false,
      predefined_feeds: 1,
    });
  });

  it('GET /api/v1 lists renderer only while the rendering service answers, and says when it is down', async () => {
    let answer: 'ok' | 'down' = 'ok';
    let probes = 0;
    const checkRenderer = async () => {
      probes += 1;
      return answer;
    };
    const up = createHarness({ settings: { rendererConfigured: true }, deps: { checkRenderer } });
    expect(await (await up.app.request('http://feeds.test/api/v1')).json()).toMatchObject({ strategies: ['plain', 'renderer'], renderer: { status: 'ok' } });
    answer = 'down';
    const down = createHarness({ settings: { rendererConfigured: true, rendererHint: 'install Chromium' }, deps: { checkRenderer } });
    expect(await (await down.app.request('http://feeds.test/api/v1')).json()).toMatchObject({
      strategies: ['plain'],
      renderer: { status: 'down', hint: 'install Chromium' },
    });
    // A second read within the probe interval reuses the answer.
    await down.app.request('http://feeds.test/api/v1');
    expect(probes).toBe(2);
  });

  it('GET /api/v1/feeds lists predefined feeds with links per format', async () => {
    const { app } = createHarness();
    const body = (await (await app.request('http://feeds.test/api/v1/feeds')).json()) as { feeds: unknown[] };
    expect(body.feeds).toEqual([
      {
        name: 'news',
        title: 'News',
        url: 'https://example.com/news',
        parameters: [],
        links: { rss: 'http://feeds.test/api/v1/feeds/news.rss', atom: 'http://feeds.test/api/v1/feeds/news.atom', json: 'http://feeds.test/api/v1/feeds/news.json' },
      },
    ]);
  });

  it.each([
    ['news.rss', undefined, 'rss'],
    ['news.atom', undefined, 'atom'],
    ['news.json', undefined, 'json'],
    ['news', undefined, 'rss'],
    ['news', 'application/atom+xml', 'atom'],
    ['news', 'application/feed+json, application/rss+xml;q=0.5', 'json'],
    ['news', 'text/html,*/*;q=0.8', 'rss'],
  ] as const)('GET /api/v1/feeds/%s (Accept %s) → %s', async (id, accept, format) => {
    const { app } = createHarness();
    const response = await app.request(`http://feeds.test/api/v1/feeds/${id}`, accept ? { headers: { accept } } : {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(FEED_CONTENT_TYPES[format]);
    const text = await response.text();
    expect(text).toContain('Post 1');
    // The self link names the format's own URL.
    expect(text).toContain(`http://feeds.test/api/v1/feeds/news.${format}`);
    if (id === 'news') expect(response.headers.get('vary')).toBe('Accept, Accept-Encoding');
  });

  it('fills declared parameters from the query string', async () => {
    const { app, seen } = taggedFeedHarness();
    expect((await app.request('/api/v1/feeds/tagged.rss?tag=rust')).status).toBe(200);
    expect(seen).toEqual([{ tag: 'rust' }]);
  });

  it('resolves a URL read again the same way: each parameter value its own feed, errors every time', async () => {
    const { app, seen } = taggedFeedHarness();
    for (let round = 0; round < 2; round += 1) {
      for (const tag of ['rust', 'go']) {
        const response = await app.request(`http://feeds.test/api/v1/feeds/tagged.atom?tag=${tag}`);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain(`http://feeds.test/api/v1/feeds/tagged.atom?tag=${tag}`);
      }
      expect((await app.request('/api/v1/feeds/tagged.rss?tag=rust&other=1')).status).toBe(400);
      expect((await app.request('/api/v1/feeds/missing.rss?tag=rust')).status).toBe(404);
      const negotiated = await app.request('http://feeds.test/api/v1/feeds/tagged?tag=rust', { headers: { accept: round === 0 ? 'application/feed+json' : 'application/atom+xml' } });
      expect(negotiated.headers.get('content-type')).toContain(round === 0 ? 'application/feed+json' : 'application/atom+xml');
    }
    expect(seen).toEqual([{ tag: 'rust' }, { tag: 'go' }]);
  });

  it('POST /api/v1/feeds → 201 with a token that serves the feed in all formats', async () => {
    const { post, bearer, app, engine } = createHarness();
    const response = await post('http://feeds.test/api/v1/feeds', { url: 'https://Example.com/news#top' }, bearer());
    expect(response.status).toBe(201);
    const { feed, preview } = (await response.json()) as {
      feed: { id: string; url: string; strategy: string; title: string; created_at: string; token: string; links: Record<string, string> };
      preview: { items: { title: string }[] };
    };
    expect(feed).toMatchObject({ url: 'https://example.com/news', strategy: 'plain', title: 'Feed of https://example.com/news', created_at: '2026-06-01T12:00:00.000Z' });
    expect(feed.links['rss']).toBe(`http://feeds.test/api/v1/feeds/${feed.token}.rss`);
    expect(response.headers.get('location')).toBe(feed.links['rss']);
    expect(preview.items.map((item) => item.title)).toEqual(['Post 1', 'Post 2']);
    for (const format of ['rss', 'atom', 'json'] as const) {
      const read = await app.request(feed.links[format]!);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe(FEED_CONTENT_TYPES[format]);
    }
    // Creation warmed the cache: reads did not generate again.
    expect(engine.calls()).toBe(1);
  });

  it('POST /api/v1/preview returns items, diagnostics and the capture as a feeds.yml snippet', async () => {
    const { post, bearer } = createHarness();
    const response = await post('/api/v1/preview', { url: 'https://example.com/news', strategy: 'renderer' }, bearer());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: unknown[]; diagnostics: { strategy: string }; capture: { items: string }; capture_yaml: string };
    expect(body.items).toHaveLength(2);
    expect(body.diagnostics.strategy).toBe('renderer');
    expect(body.capture.items).toBe('main li');
    expect(body.capture_yaml).toContain('strategy: renderer');
    expect(body.capture_yaml).toContain('selector: "main li"');
    expect(body.capture_yaml).toContain('extractor: href');
  });

  it('readiness is 503 and health is down when feeds.yml is invalid', async () => {
    const { app, bearer } = createHarness({ configError: new FeedError('ConfigurationInvalid', 'feeds.news.strategy: UnsupportedStrategy') });
    const ready = await app.request('/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { message: string }).message).toContain('feeds.news.strategy');
    const health = await app.request('/api/v1/health', { headers: bearer('health-token') });
    expect(health.status).toBe(503);
    expect(((await health.json()) as { status: string }).status).toBe('down');
  });

  it('/ explains how to build the web UI when it is not built', async () => {
    const { app } = createHarness();
    const response = await app.request('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('pnpm --filter @pagefeed/web build');
  });

  it('serves the built web UI under a strict CSP, with index.html for page paths', async () => {
    const files: Record<string, string> = { 'index.html': '<!doctype html><script type="module" src="/assets/app.js"></script>', 'assets/app.js': 'console.log(1)' };
    const staticFiles = {
      read: async (path: string) => (files[path] === undefined ? undefined : { body: new TextEncoder().encode(files[path]), contentType: path.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' }),
    };
    const { app } = createHarness({ deps: { staticFiles } });
    const index = await app.request('/');
    expect(index.headers.get('content-security-policy')).toBe(WEB_UI_CSP);
    expect(WEB_UI_CSP).not.toContain('unsafe-inline');
    expect(await index.text()).toContain('/assets/app.js');
    expect(await (await app.request('/assets/app.js')).text()).toBe('console.log(1)');
    expect((await app.request('/assets/missing.js')).status).toBe(404);
    expect(await (await app.request('/feeds/new')).text()).toContain('<!doctype html>');
    expect((await app.request('/api/v1/unknown')).status).toBe(404);
    expect((await app.request('/metrics/x')).status).toBe(404);
    expect(await (await app.request('/feeds/new/')).text()).toContain('<!doctype html>');
  });

  it("keeps every route within Hono's RegExpRouter (one pattern it cannot hold sends all requests through the slower trie)", async () => {
    const { app } = createHarness();
    await app.request('/api/v1/feeds');
    expect((app.router as unknown as { activeRouter: { name: string } }).activeRouter.name).toBe('RegExpRouter');
  });
});
