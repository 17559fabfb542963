import { setTimeout as sleep } from 'node:timers/promises';
import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, parseFeedConfig } from '@pagefeed/core';
import { createMemoryCache, createStrategies } from '@pagefeed/fetchers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { requireChromium } from '../../../testing/system.js';
// The fetchers' own test renderer: a real headless Chromium behind a browserless-style token proxy.
import { startChromium, startTokenProxy, type RendererService } from '../../../packages/fetchers/src/test-support/renderer-service.js';
import { createRendererProbe } from '../../../packages/server/src/node/renderer-probe.js';
import { createTestApp, errorOf, HEALTH_TOKEN, type TestApp } from '../support/app.js';
import { startTcpRelay, type TcpRelay } from '../support/tcp-relay.js';

/**
 * The renderer dies in the middle of a render (its connection is cut while Chromium waits for a
 * slow page): the request ends with 502 RendererConnectionFailed, not a hang; the health report
 * says the renderer is down; a rendered feed cached before is served (stale-if-error); when the
 * renderer comes back on the same address, health is ok again and the feed renders fresh.
 */
const chromium = requireChromium();
const TOKEN = 'mid-render-token';
let site: FixtureServer;
let browser: Awaited<ReturnType<typeof startChromium>> | undefined;
let proxy: RendererService | undefined;
let relay: TcpRelay;
let harness: TestApp;

describe.skipIf(!chromium.available)('renderer down mid-render', () => {
  beforeAll(async () => {
    site = await startFixtureServer();
    site.route('/listing', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><html><head><title>Rendered</title></head><body>${[1, 2, 3].map((n) => `<article><h2><a href="/p/${n}">Rendered post ${n}</a></h2></article>`).join('')}</body></html>`);
    });
    site.route('/slow', async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<!doctype html><html><head><title>Slow</title></head><body><article><h2>Half');
      await sleep(8000);
      response.end(' a page</h2></article></body></html>');
    });
    browser = await startChromium();
    proxy = await startTokenProxy(browser.devtoolsUrl, TOKEN);
    relay = await startTcpRelay(Number(new URL(proxy.websocketUrl).port));
    const rendererUrl = `ws://127.0.0.1:${relay.port}`;
    const cache = createMemoryCache();
    const strategies = createStrategies({ ALLOW_PRIVATE_NETWORKS: 'true', RENDERER_WEBSOCKET_URL: rendererUrl, RENDERER_API_TOKEN: TOKEN });
    harness = createTestApp({
      engine: createEngine({ strategies, autoSource: createAutoSource(), cache, allowPrivateNetworks: true }),
      cache,
      feeds: {
        rendered: parseFeedConfig({
          channel: { url: `${site.origin}/listing`, ttl: 1 },
          strategy: 'renderer',
          selectors: { items: { selector: 'article' }, title: { selector: 'h2 a' }, url: { selector: 'h2 a', extractor: 'href' } },
        }),
      },
      settings: { rendererConfigured: true },
      deps: { checkRenderer: createRendererProbe(rendererUrl, 1000) },
    });
  }, 90_000);

  afterAll(async () => {
    await relay?.down();
    await proxy?.close();
    await browser?.stop();
    await site?.close();
  });

  async function rendererHealth(): Promise<string> {
    const response = await harness.get('/api/v1/health', { authorization: `Bearer ${HEALTH_TOKEN}` });
    return ((await response.json()) as { checks: { renderer: { status: string } } }).checks.renderer.status;
  }

  it('fails the interrupted render with 502, serves the cached rendered feed, and recovers', async () => {
    const primed = await harness.get('/api/v1/feeds/rendered.rss');
    expect(primed.status).toBe(200);
    const primedBody = await primed.text();
    expect(primedBody).toContain('Rendered post 1');
    expect(await rendererHealth()).toBe('ok');

    const started = performance.now();
    const pending = harness.post('/api/v1/preview', { url: `${site.origin}/slow`, strategy: 'renderer' });
    for (let waited = 0; !site.hits.get('/slow') && waited < 200; waited += 1) await sleep(100);
    expect(site.hits.get('/slow')).toBe(1);
    await relay.down();
    const interrupted = await errorOf(await pending);
    expect(`${interrupted.status} ${interrupted.code}`).toBe('502 RendererConnectionFailed');
    // Not a hang: well before the 20 s budget and the slow page's own end.
    expect(performance.now() - started).toBeLessThan(20_000);

    expect(await rendererHealth()).toBe('down');
    harness.advanceSeconds(200);
    const stale = await harness.get('/api/v1/feeds/rendered.rss');
    expect([stale.status, stale.headers.get('x-cache')]).toEqual([200, 'stale-if-error']);
    expect(await stale.text()).toBe(primedBody);

    await relay.up();
    expect(await rendererHealth()).toBe('ok');
    harness.advanceSeconds(700);
    const recovered = await harness.get('/api/v1/feeds/rendered.rss');
    expect([recovered.status, recovered.headers.get('x-cache')]).toEqual([200, 'miss']);
  }, 90_000);
});
