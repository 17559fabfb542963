import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type FeedConfig, type FeedFormat } from '@pagefeed/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeed } from '../../../../testing/check-feed.js';
import { createStrategies } from '../registry.js';
import { createFileFirstSeen } from './file.js';

const PAGE = `<!doctype html><html lang="en"><head><title>Notes</title></head><body>
<article><h2><a href="/one">One, undated</a></h2><p>No date on this one.</p></article>
<article><h2><a href="/two">Two, dated</a></h2><time datetime="2026-02-23">February 23rd 2026</time></article>
</body></html>`;
const PAGE_WITH_NEW_ITEM = PAGE.replace('<article>', '<article><h2><a href="/zero">Zero, new</a></h2></article><article>');

const CONFIG: FeedConfig = {
  strategy: 'plain',
  headers: {},
  stylesheets: [],
  request: {},
  parameters: {},
  channel: { url: 'https://example.com/notes/' },
  selectors: {
    items: { selector: 'article' },
    parts: { title: { selector: 'h2' }, url: { selector: 'a', extractor: 'href' }, published_at: { selector: 'time', extractor: 'attribute', attribute: 'datetime' } },
  },
};

const BUILD_1 = Date.parse('2026-03-01T08:00:00Z');
const BUILD_2 = Date.parse('2026-03-01T09:00:00Z');
const BUILD_3 = Date.parse('2026-03-05T10:00:00Z');

describe('undated items in every format: no invented date, a stable first-seen date in Atom', () => {
  let directory: string;
  beforeAll(async () => {
    directory = join(await mkdtemp(join(tmpdir(), 'pagefeed-engine-dates-')), 'first-seen');
  });
  afterAll(async () => {
    await rm(join(directory, '..'), { recursive: true, force: true });
  });

  /** A fresh engine on the same folder: what a server restart gives. */
  async function build(page: string, now: number): Promise<Record<FeedFormat, string>> {
    const engine = createEngine({ strategies: createStrategies({}), firstSeen: createFileFirstSeen({ directory }) });
    const source = { url: 'https://example.com/notes/', status: 200, headers: { 'content-type': 'text/html' }, body: page, contentType: 'text/html' };
    const { feed, warnings } = await engine.generate(CONFIG, { source, now });
    expect(warnings).toEqual([]);
    return { rss: engine.render(feed, 'rss'), atom: engine.render(feed, 'atom'), json: engine.render(feed, 'json') };
  }

  it('keeps the same bytes across two rebuilds and a restart; a new item gets its own first-seen time', async () => {
    const first = await build(PAGE, BUILD_1);
    const second = await build(PAGE, BUILD_2);
    expect(second).toEqual(first);

    expect(updatedDates(first.atom)).toEqual(['2026-03-01T08:00:00Z', '2026-03-01T08:00:00Z', '2026-02-23T00:00:00Z']);
    expect(first.rss.match(/<pubDate>[^<]*<\/pubDate>/g)).toEqual(['<pubDate>Mon, 23 Feb 2026 00:00:00 GMT</pubDate>']);
    const jsonItems = (JSON.parse(first.json) as { items: { url: string; date_published?: string; date_modified?: string }[] }).items;
    expect(jsonItems.map((item) => [item.url, item.date_published, item.date_modified])).toEqual([
      ['https://example.com/one', undefined, undefined],
      ['https://example.com/two', '2026-02-23T00:00:00Z', undefined],
    ]);

    const later = await build(PAGE_WITH_NEW_ITEM, BUILD_3);
    expect(updatedDates(later.atom)).toEqual(['2026-03-05T10:00:00Z', '2026-03-05T10:00:00Z', '2026-03-01T08:00:00Z', '2026-02-23T00:00:00Z']);
    for (const document of [first.rss, first.atom, later.rss, later.atom]) expect(document).not.toMatch(/19[0-8]\d-|1970/);
  });

  it.each(['rss', 'atom', 'json'] as const)('the %s document passes the feed checker', async (format) => {
    const documents = await build(PAGE, BUILD_1);
    const result = checkFeed(documents[format]);
    expect(result.ok, result.output).toBe(true);
  });
});

function updatedDates(atom: string): string[] {
  return [...atom.matchAll(/<updated>([^<]*)<\/updated>/g)].map((match) => match[1]!);
}
