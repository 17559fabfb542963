import { describe, expect, it } from 'vitest';
import { createHarness } from './test-support/app-harness.js';
import type { FeedItem } from '@pagefeed/core';
import { item } from './test-support/fake-engine.js';

function undated(entry: FeedItem): FeedItem {
  const { published_at: _date, ...rest } = entry;
  return rest;
}

/** ?include=, ?exclude=, ?fields=, ?limit= and ?max_age= on feed URLs, applied to the cached feed (issue #20). */
function harness() {
  const built = createHarness();
  built.engine.setSource(() => [
    item(1, { title: 'AI beats chess champion', published_at: new Date(Date.UTC(2026, 4, 30)) }),
    item(2, { title: 'Gardening said to calm', published_at: new Date(Date.UTC(2026, 0, 2)) }),
    item(3, { title: 'Sponsored: AI gadgets', published_at: new Date(Date.UTC(2026, 4, 31)) }),
    undated(item(4, { title: 'a'.repeat(60) + '!' })),
  ]);
  return built;
}

async function titles(response: Response): Promise<string[]> {
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: { title: string }[] };
  return body.items.map((entry) => entry.title);
}

describe('narrowing any feed by query', () => {
  it('filters, limits and ages the cached feed without fetching again per combination', async () => {
    const { app, engine } = harness();
    const read = (query: string) => app.request(`http://feeds.test/api/v1/feeds/news.json${query}`);
    expect(await titles(await read(''))).toHaveLength(4);
    expect(await titles(await read('?include=ai'))).toEqual(['AI beats chess champion', 'Sponsored: AI gadgets']);
    expect(await titles(await read('?include=ai&exclude=/^sponsored/i'))).toEqual(['AI beats chess champion']);
    expect(await titles(await read('?include=said'))).toEqual(['Gardening said to calm']);
    expect(await titles(await read('?include=posts&fields=url&limit=2'))).toEqual(['AI beats chess champion', 'Gardening said to calm']);
    // The harness clock says 2026-06-01 12:00: items from January are older than 30 days; undated ones stay.
    expect(await titles(await read('?max_age=30d'))).toEqual(['AI beats chess champion', 'Sponsored: AI gadgets', 'a'.repeat(60) + '!']);
    expect(engine.calls()).toBe(1);
    const rss = await app.request('http://feeds.test/api/v1/feeds/news.rss?limit=1');
    expect((await rss.text()).match(/<item>/g)).toHaveLength(1);
    expect(engine.calls()).toBe(1);
  });

  it('gives a narrowed document its own ETag and answers 304 to it', async () => {
    const { app } = harness();
    const full = await app.request('http://feeds.test/api/v1/feeds/news.json');
    const narrowed = await app.request('http://feeds.test/api/v1/feeds/news.json?limit=1');
    const etag = narrowed.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(etag).not.toBe(full.headers.get('etag'));
    const again = await app.request('http://feeds.test/api/v1/feeds/news.json?limit=1', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it.each([
    ['include=/(unclosed/', 'include'],
    ['exclude=/(a)\\1/', 'exclude'],
    ['limit=-1', 'limit'],
    ['max_age=soon', 'max_age'],
    ['fields=body', 'fields'],
  ])('answers ?%s with 400 naming %s', async (query, parameter) => {
    const { app } = harness();
    const response = await app.request(`http://feeds.test/api/v1/feeds/news.json?${query.replace(/\\/g, '%5C')}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('ParameterInvalid');
    expect(body.error.message).toContain(`Query parameter '${parameter}'`);
  });

  it('answers a catastrophic-backtracking regex correctly (RE2: linear time, no stall)', async () => {
    const { app } = harness();
    // (a+)+$ against sixty a's and a "!" is 2^60 steps for a backtracking engine; RE2 never backtracks.
    expect(await titles(await app.request('http://feeds.test/api/v1/feeds/news.json?include=' + encodeURIComponent('/(a+)+$/')))).toEqual([]);
    expect(await titles(await app.request('http://feeds.test/api/v1/feeds/news.json?include=' + encodeURIComponent('/(a+)+!$/')))).toEqual(['a'.repeat(60) + '!']);
  });

  it('still refuses parameters that are neither declared nor selection parameters', async () => {
    const { app } = harness();
    const response = await app.request('http://feeds.test/api/v1/feeds/news.json?tag=x&limit=1');
    expect(response.status).toBe(400);
  });
});
