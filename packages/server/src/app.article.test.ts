import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '@pagefeed/core';
import { createPlainStrategy } from '@pagefeed/fetchers';
import { html, startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { createHarness } from './test-support/app-harness.js';
import { createFakeEngine } from './test-support/fake-engine.js';

const PARAGRAPH = 'A sentence of the article body, with commas, long enough to count as real text for the scorer.';
const POST = `<html><head><meta property="og:title" content="The post"></head><body><nav><a href="/">Home</a></nav>
  <article><h1>The post</h1>${[1, 2, 3].map((n) => `<p>${n}: ${PARAGRAPH}</p>`).join('')}<p><img data-src="/a.jpg" alt="">A <a href="/b">link</a> in the text, with more words.</p></article>
  <div class="comments"><p>A comment that must not be shown, with commas, long enough to count.</p></div></body></html>`;

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({ '/post': html(POST), '/empty': html('<html><body><nav><a href="/">Home</a></nav></body></html>') });
});
afterAll(() => server.close());

/** The fake engine for feeds, with a real engine's article extraction (real fetch over loopback). */
function harness() {
  const real = createEngine({ strategies: { plain: createPlainStrategy({ readTimeoutMs: 10_000 }) }, allowPrivateNetworks: true });
  return createHarness({ engine: Object.assign(createFakeEngine(), { article: real.article }) });
}

describe('POST /api/v1/article', () => {
  it("answers the page's readable article, links and images absolute", async () => {
    const { app, bearer } = harness();
    const response = await app.request('http://feeds.test/api/v1/article', { method: 'POST', headers: { ...bearer(), 'content-type': 'application/json' }, body: JSON.stringify({ url: `${server.origin}/post` }) });
    expect(response.status).toBe(200);
    const article = (await response.json()) as { title: string; html: string; text: string; length: number; method: string };
    expect(article).toMatchObject({ title: 'The post', method: 'scored' });
    expect(article.text).toContain(`3: ${PARAGRAPH}`);
    expect(article.text).not.toContain('comment');
    expect(article.html).toContain(`src="${server.origin}/a.jpg"`);
    expect(article.html).toContain(`href="${server.origin}/b"`);
  });

  it('answers length 0 for a page without article text, 401 without a token, 400 for a bad body', async () => {
    const { app, bearer } = harness();
    const empty = await app.request('http://feeds.test/api/v1/article', { method: 'POST', headers: { ...bearer(), 'content-type': 'application/json' }, body: JSON.stringify({ url: `${server.origin}/empty` }) });
    expect(((await empty.json()) as { length: number }).length).toBe(0);
    const anonymous = await app.request('http://feeds.test/api/v1/article', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `${server.origin}/post` }) });
    expect(anonymous.status).toBe(401);
    const bad = await app.request('http://feeds.test/api/v1/article', { method: 'POST', headers: { ...bearer(), 'content-type': 'application/json' }, body: '{"url": 5}' });
    expect(bad.status).toBe(400);
  });
});
