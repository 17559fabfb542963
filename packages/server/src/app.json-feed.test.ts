import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine } from '@pagefeed/core';
import { createStrategies } from '@pagefeed/fetchers';
import { startFixtureServer, type FixtureHandler, type FixtureServer } from '../../../testing/fixture-server.js';
import { createHarness, feedConfig } from './test-support/app-harness.js';

/**
 * A source URL that serves a JSON Feed (or an Atom 0.3 feed), through the real engine, fetchers
 * and auto-source: its entries are passed through (core `feeds/`), and a JSON API beside it is
 * still read by its selectors.
 */
const JSON_FEED = readFileSync(new URL('../../core/src/feeds/__fixtures__/json-feed-1.1.json', import.meta.url));
const ATOM_03 = readFileSync(new URL('../../core/src/feeds/__fixtures__/atom03.xml', import.meta.url));

let source: FixtureServer;
let harness: ReturnType<typeof createHarness>;

const serve = (type: string | undefined, body: Buffer | string): FixtureHandler => (_request, response) => {
  response.writeHead(200, type ? { 'content-type': type } : {});
  response.end(body);
};

beforeAll(async () => {
  source = await startFixtureServer({
    '/notes/feed.json': serve('application/feed+json', JSON_FEED),
    '/notes/untyped': serve(undefined, JSON_FEED),
    '/diary/atom.xml': serve('application/atom+xml', ATOM_03),
    '/api/posts': serve('application/json', JSON.stringify([{ title: 'From the API', url: '/posts/1' }])),
  });
  const engine = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource(), allowPrivateNetworks: true });
  const api = feedConfig(`${source.origin}/api/posts`, { selectors: { items: { selector: 'array > object' }, parts: { title: { selector: 'title' }, url: { selector: 'url', extractor: 'href' } } } });
  harness = createHarness({ feeds: { stars: feedConfig(`${source.origin}/notes/feed.json`), api }, deps: { engine } });
});
afterAll(() => source.close());

describe('a JSON Feed as the source', () => {
  it('serves a predefined feed whose url is a JSON Feed with its entries, in RSS', async () => {
    const response = await harness.app.request('http://feeds.test/api/v1/feeds/stars.rss');
    expect(response.status).toBe(200);
    const body = await response.text();
    for (const text of ['Perseids peak this weekend', 'Agency photo of the month', '<guid isPermaLink="false">1042</guid>']) expect(body).toContain(text);
    expect(body).not.toContain('steal()');
    expect(body).not.toContain('repeated entry');
  });

  it.each([['typed', '/notes/feed.json'], ['untyped', '/notes/untyped']])('previews a %s JSON Feed with the pass-through warning', async (_name, path) => {
    const response = await harness.post('/api/v1/preview', { url: `${source.origin}${path}` }, harness.bearer());
    expect(response.status).toBe(200);
    const preview = (await response.json()) as { items: unknown[]; warnings: { code: string; message: string }[] };
    expect(preview.items).toHaveLength(3);
    expect(preview.warnings[0]).toMatchObject({ code: 'NativeFeedPassedThrough', message: expect.stringContaining('is already a feed (JSON Feed 1.1): its 3 items are passed through (1 entry repeating an earlier GUID left out)') });
  });

  it('previews an Atom 0.3 feed instead of refusing it', async () => {
    const response = await harness.post('/api/v1/preview', { url: `${source.origin}/diary/atom.xml` }, harness.bearer());
    expect(response.status).toBe(200);
    const preview = (await response.json()) as { items: unknown[]; warnings: { code: string; message: string }[] };
    expect(preview.items).toHaveLength(4);
    expect(preview.warnings[0]?.message).toContain('is already a feed (Atom 0.3): its 4 items are passed through');
  });

  it('still reads an ordinary JSON API by its selectors', async () => {
    const response = await harness.app.request('http://feeds.test/api/v1/feeds/api.json');
    expect(response.status).toBe(200);
    const feed = (await response.json()) as { items: { title: string; url: string }[] };
    expect(feed.items).toEqual([expect.objectContaining({ title: 'From the API', url: `${source.origin}/posts/1` })]);
  });
});
