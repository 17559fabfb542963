import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine } from '@pagefeed/core';
import { createStrategies } from '@pagefeed/fetchers';
import { startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { createHarness, feedConfig } from './test-support/app-harness.js';

/**
 * A source URL that already is a feed, through the real engine, fetchers and auto-source: the
 * feed's entries are passed through (core `feeds/`), for a predefined feed and in a preview.
 */
const RSS = readFileSync(new URL('../../core/src/feeds/__fixtures__/rss2.xml', import.meta.url));

let source: FixtureServer;
let harness: ReturnType<typeof createHarness>;

beforeAll(async () => {
  source = await startFixtureServer({
    '/news/feed.xml': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(RSS);
    },
  });
  const engine = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource(), allowPrivateNetworks: true });
  harness = createHarness({ feeds: { harbour: feedConfig(`${source.origin}/news/feed.xml`) }, deps: { engine } });
});
afterAll(() => source.close());

describe('a native feed as the source', () => {
  it('serves a predefined feed whose url is an RSS feed with its entries', async () => {
    const response = await harness.app.request('http://feeds.test/api/v1/feeds/harbour.atom');
    expect(response.status).toBe(200);
    const body = await response.text();
    // The configuration's title wins; the description it lacks comes from the source feed.
    expect(body).toContain('<title type="text">News</title>');
    expect(body).toContain('<subtitle type="text">Decisions, notices and events from the council</subtitle>');
    for (const title of ['Ferry timetable changes for winter', 'Budget 2025: have your say', 'Beach clean-up on Saturday']) expect(body).toContain(title);
    expect(body).not.toContain('onerror');
  });

  it('previews it with the pass-through warning', async () => {
    const response = await harness.post('/api/v1/preview', { url: `${source.origin}/news/feed.xml` }, harness.bearer());
    expect(response.status).toBe(200);
    const preview = (await response.json()) as { items: unknown[]; warnings: { code: string; message: string }[] };
    expect(preview.items).toHaveLength(3);
    expect(preview.warnings[0]).toMatchObject({ code: 'NativeFeedPassedThrough', message: expect.stringContaining('is already a feed (RSS 2.0): its 3 items are passed through') });
  });

  it('creates a feed from it and says in the 201 response that its entries are passed through', async () => {
    const response = await harness.post('/api/v1/feeds', { url: `${source.origin}/news/feed.xml` }, harness.bearer());
    expect(response.status).toBe(201);
    const created = (await response.json()) as { preview: { items: unknown[] }; warnings: { code: string; message: string; path?: string }[] };
    expect(created.preview.items).toHaveLength(3);
    expect(created.warnings).toContainEqual({
      code: 'NativeFeedPassedThrough',
      message: expect.stringContaining('is already a feed (RSS 2.0): its 3 items are passed through'),
      path: 'channel.url',
    });
  });
});
