import { afterAll, describe, expect, it } from 'vitest';
import type { FetchStrategy } from '@pagefeed/core';
import { createPooledEngine, type PooledEngine } from './pool/pooled-engine.js';
import { createHarness, feedConfig } from './test-support/app-harness.js';

/**
 * The app over the pooled engine (real worker threads, real core and auto-source): while a feed of
 * a 60,000-item page is extracted in a worker, the liveness probe and a cached feed are answered
 * (they finish first: nothing here measures time), and a feed past its budget is a 504 with
 * `ExtractionTimeout`.
 */
function articlePage(items: number): string {
  const entries = Array.from({ length: items }, (_, index) => `<article><h2><a href="/p/${index}">Post ${index}</a></h2></article>`);
  return `<!doctype html><html><head><title>Many</title></head><body><main>${entries.join('\n')}</main></body></html>`;
}

const BIG = articlePage(60_000);
const SMALL = articlePage(8);
let bigFetched: () => void = () => {};
const pages: FetchStrategy = {
  name: 'plain',
  fetch: async (request) => {
    if (request.url.endsWith('/big')) bigFetched();
    return { url: request.url, status: 200, headers: {}, contentType: 'text/html', body: request.url.endsWith('/big') ? BIG : SMALL };
  },
};

const engines: PooledEngine[] = [];
function pooled(budgetMs: number): PooledEngine {
  const engine = createPooledEngine({ size: 1, budgetMs, strategies: { plain: pages }, autoSource: true });
  engines.push(engine);
  return engine;
}
afterAll(() => Promise.all(engines.map((engine) => engine.close())));

const feeds = { big: feedConfig('https://example.com/big'), small: feedConfig('https://example.com/small') };

describe('the app with extraction workers', () => {
  it('answers the liveness probe and a cached feed while a 60,000-item page is extracted', async () => {
    const harness = createHarness({ feeds, deps: { engine: pooled(600_000) } });
    expect((await harness.app.request('http://feeds.test/api/v1/feeds/small.rss')).status).toBe(200);
    const order: string[] = [];
    const fetched = new Promise<void>((resolve) => (bigFetched = resolve));
    const big = Promise.resolve(harness.app.request('http://feeds.test/api/v1/feeds/big.rss')).then((response) => {
      order.push('big');
      return response;
    });
    // The page is in hand: from here an engine on the main thread would parse it before the next
    // turn of the event loop, and the probe below would have to wait.
    await fetched;
    await new Promise((turn) => setImmediate(turn));
    const live = await harness.app.request('http://feeds.test/api/v1/health/live');
    order.push('live');
    const cached = await harness.app.request('http://feeds.test/api/v1/feeds/small.rss');
    order.push('cached');
    expect(live.status).toBe(200);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-cache')).toBe('fresh');
    const response = await big;
    expect(order).toEqual(['live', 'cached', 'big']);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Post 0</title>');
  });

  it('answers 504 ExtractionTimeout with the budget and the setting when a feed runs past its budget', async () => {
    const harness = createHarness({ feeds, deps: { engine: pooled(30) } });
    const response = await harness.app.request('http://feeds.test/api/v1/feeds/big.rss');
    expect(response.status).toBe(504);
    const body = (await response.json()) as { error: { code: string; message: string; hint: string } };
    expect(body.error).toMatchObject({
      code: 'ExtractionTimeout',
      message: 'Extracting items from https://example.com/big took longer than its budget of 0.03 s and was stopped.',
      hint: expect.stringContaining('EXTRACTION_TIMEOUT_SECONDS'),
    });
  });
});
