import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, parseFeedConfig } from '@pagefeed/core';
import { createMemoryCache, createStrategies } from '@pagefeed/fetchers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
// The server's renderer probe (what the Node adapter wires into the health report).
import { createRendererProbe } from '../../../packages/server/src/node/renderer-probe.js';
import { createTestApp, errorOf, HEALTH_TOKEN, type TestApp } from '../support/app.js';
import { startTcpRelay, type TcpRelay } from '../support/tcp-relay.js';
import { freePort } from '../support/ports.js';

/**
 * Faults through the real app with an injected clock: the source goes down (connection refused)
 * and comes back; the renderer endpoint is a closed port. The server keeps answering: fresh and
 * stale entries are served, past the stale window the last good result is served
 * (stale-if-error), a never-cached feed gets a clear 502, health says what is down, and the feed
 * recovers when the source returns.
 */
let site: FixtureServer;
let relay: TcpRelay;
let harness: TestApp;
let version = 1;
const FEED = '/api/v1/feeds/news.rss';

function listing(): string {
  return `<!doctype html><html><head><title>Down news</title></head><body>${[1, 2, 3]
    .map((n) => `<article><h2><a href="/post/${n}">Version ${version} post ${n}</a></h2><p>Body ${n}</p></article>`)
    .join('')}</body></html>`;
}

beforeAll(async () => {
  site = await startFixtureServer();
  site.route('/news', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(listing());
  });
  relay = await startTcpRelay(site.port);
  const rendererPort = await freePort();
  const rendererUrl = `ws://127.0.0.1:${rendererPort}`;
  const cache = createMemoryCache();
  const strategies = createStrategies({ ALLOW_PRIVATE_NETWORKS: 'true', RENDERER_WEBSOCKET_URL: rendererUrl, RENDERER_API_TOKEN: 'renderer-token' });
  const engine = createEngine({ strategies, autoSource: createAutoSource(), cache, allowPrivateNetworks: true });
  const selectors = { items: { selector: 'article' }, title: { selector: 'h2 a' }, url: { selector: 'h2 a', extractor: 'href' } };
  harness = createTestApp({
    engine,
    cache,
    feeds: {
      news: parseFeedConfig({ channel: { url: `http://127.0.0.1:${relay.port}/news`, ttl: 1 }, selectors }),
      never: parseFeedConfig({ channel: { url: `http://127.0.0.1:${relay.port}/news?never`, ttl: 1 }, selectors }),
      rendered: parseFeedConfig({ channel: { url: `http://127.0.0.1:${relay.port}/news?rendered`, ttl: 1 }, strategy: 'renderer', selectors }),
    },
    settings: { rendererConfigured: true },
    deps: { checkRenderer: createRendererProbe(rendererUrl, 1000) },
  });
});

afterAll(async () => {
  await relay.down();
  await site.close();
});

async function readFeed(path = FEED) {
  const response = await harness.get(path);
  return { status: response.status, state: response.headers.get('x-cache'), body: await response.text() };
}

async function health() {
  const response = await harness.get('/api/v1/health', { authorization: `Bearer ${HEALTH_TOKEN}` });
  return { status: response.status, body: (await response.json()) as { status: string; checks: { renderer: { status: string }; cache: { status: string } } } };
}

describe('source down', () => {
  it('serves fresh, then stale, then the last good result while the source is down, and recovers when it returns', async () => {
    const primed = await readFeed();
    expect([primed.status, primed.state]).toEqual([200, 'miss']);
    expect(primed.body).toContain('Version 1 post 1');

    await relay.down();
    harness.advanceSeconds(30);
    expect(await readFeed()).toMatchObject({ status: 200, state: 'fresh', body: primed.body });

    harness.advanceSeconds(45); // past the 60 s ttl, inside the stale-while-revalidate window
    expect(await readFeed()).toMatchObject({ status: 200, state: 'stale', body: primed.body });
    await harness.feedService.idle(); // the background refresh failed against the dead source

    harness.advanceSeconds(120); // past the stale window: a synchronous refresh fails
    expect(await readFeed()).toMatchObject({ status: 200, state: 'stale-if-error', body: primed.body });
    expect(await readFeed()).toMatchObject({ status: 200, state: 'stale-if-error' });

    const never = await errorOf(await harness.get('/api/v1/feeds/never.rss'));
    expect(`${never.status} ${never.code}`).toBe('502 FetchFailed');
    expect(never.message).toContain('ECONNREFUSED');

    // The source is not a dependency of the instance: health stays 200 (renderer is down here).
    expect((await health()).status).toBe(200);

    version = 2;
    await relay.up();
    harness.advanceSeconds(700); // past the back-off after a failed refresh
    const recovered = await readFeed();
    expect(recovered.status).toBe(200);
    expect(recovered.body).toContain('Version 2 post 1');
  });
});

describe('renderer down (nothing listens on RENDERER_WEBSOCKET_URL)', () => {
  it('a renderer feed answers 502 RendererConnectionFailed; plain feeds keep working; health is degraded', async () => {
    const rendered = await errorOf(await harness.get('/api/v1/feeds/rendered.rss'));
    expect(`${rendered.status} ${rendered.code}`).toBe('502 RendererConnectionFailed');
    const preview = await errorOf(await harness.post('/api/v1/preview', { url: `http://127.0.0.1:${relay.port}/news`, strategy: 'renderer' }));
    expect(`${preview.status} ${preview.code}`).toBe('502 RendererConnectionFailed');

    expect((await harness.post('/api/v1/preview', { url: `http://127.0.0.1:${relay.port}/news` })).status).toBe(200);
    const report = await health();
    expect(report.status).toBe(200);
    expect(report.body.status).toBe('degraded');
    expect(report.body.checks.renderer.status).toBe('down');
  });
});
