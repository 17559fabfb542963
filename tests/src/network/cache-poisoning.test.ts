import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeedConfig } from '@pagefeed/core';
import { html, startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { createSimulatedEngine, createSimulatedInternet } from '../support/simulated-internet.js';

/**
 * Self links come from the origin the client used. A request with a hostile Host (or forwarding
 * headers) must not poison what other readers get: their cached feed keeps their own origin.
 */
let site: FixtureServer;
let harness: TestApp;

beforeAll(async () => {
  site = await startFixtureServer({
    '/news': html(`<!doctype html><html><head><title>News</title></head><body>${[1, 2].map((n) => `<article><h2><a href="/p/${n}">Post ${n}</a></h2></article>`).join('')}</body></html>`),
  });
  harness = createTestApp({
    engine: createSimulatedEngine(createSimulatedInternet()),
    feeds: { news: parseFeedConfig({ channel: { url: `http://public.test:${site.port}/news` }, selectors: { items: { selector: 'article' }, title: { selector: 'h2 a' }, url: { selector: 'h2 a', extractor: 'href' } } }) },
  });
});

afterAll(async () => site.close());

describe('cache poisoning through the Host header', () => {
  it('a hostile Host or X-Forwarded-Host never reaches the feed other readers get', async () => {
    const hostile = await harness.app.request('http://evil.test/api/v1/feeds/news.atom', { headers: { 'x-forwarded-host': 'evil.test', forwarded: 'host=evil.test' } });
    expect(hostile.status).toBe(200);
    const honest = await harness.app.request('http://feeds.example.org/api/v1/feeds/news.atom', { headers: { 'x-forwarded-host': 'evil.test' } });
    const body = await honest.text();
    expect(honest.status).toBe(200);
    expect(body).toContain('http://feeds.example.org/api/v1/feeds/news.atom');
    expect(body).not.toContain('evil.test');
    // And the honest reader's entry is served from cache again, still clean.
    const again = await harness.app.request('http://feeds.example.org/api/v1/feeds/news.atom');
    expect(again.headers.get('x-cache')).toBe('fresh');
    expect(await again.text()).not.toContain('evil.test');
  });
});
