import { describe, expect, it, vi } from 'vitest';
import type { FetchResult, Scraper, SourceDocument } from '@pagefeed/core';
import { defaultTiers } from '../tiers.js';
import { context, fixture, page } from '../test-support/helpers.js';

/** Every scraper of the cascade runs this suite. Only declared follow-ups may use the network. */
const FOLLOW_UPS = new Set(['wordpress-rest']);

const garbage: Record<string, SourceDocument> = {
  empty: page(''),
  text: page('just some words, no markup at all'),
  binary: page(Buffer.from(Array.from({ length: 20_000 }, (_, index) => (index * 7919 + (index >> 3)) % 256)).toString('latin1')),
  brokenStructuredData: page(`<script type="application/ld+json">{"@type": "ItemList", "itemListElement": [ {"item": </script>
    <script id="__NEXT_DATA__" type="application/json">{"props": [</script><script>window.__STATE__ = {"a": [1, 2, </script>
    <div itemscope itemtype="https://schema.org/Article"><span itemprop="headline"></span></div><article class="h-entry"></article>`),
  unclosed: page('<ul><li><a href="/a">A<li><a href="/b">B<li><a href="javascript:void(0)">C</ul></div></span>'),
  jsonScalar: { kind: 'json', url: 'https://example.test/api', text: '42', data: 42 },
  jsonNull: { kind: 'json', url: 'https://example.test/api', text: 'null', data: null },
  jsonDeep: { kind: 'json', url: 'https://example.test/api', text: '', data: deepJson(5_000) },
};

function deepJson(depth: number): unknown {
  let value: unknown = { title: 'bottom', url: '/x' };
  for (let level = 0; level < depth; level += 1) value = { child: [value] };
  return value;
}

describe.each(defaultTiers.map((tier) => [tier.scraper.name, tier.scraper] as [string, Scraper]))('scraper contract: %s', (_name, scraper) => {
  it.each(Object.entries(garbage))('never throws on %s input', async (_label, document) => {
    const result = await scraper.scrape(document, context());
    expect(Array.isArray(result.items)).toBe(true);
    expect(Array.isArray(result.candidates)).toBe(true);
  });

  it('returns the same items in the same order on every run', async () => {
    for (const name of ['dom-list.html', 'json-ld.html', 'microdata.html', 'next-data.html']) {
      const document = fixture(name);
      const first = await scraper.scrape(document, context());
      const second = await scraper.scrape(fixture(name), context());
      expect(second.items).toEqual(first.items);
      expect(second.candidates.map((candidate) => candidate.source)).toEqual(first.candidates.map((candidate) => candidate.source));
    }
  });

  it(FOLLOW_UPS.has(scraper.name) ? 'uses the network only through context.fetch' : 'never uses the network', async () => {
    const fetch = vi.fn(async (url: string): Promise<FetchResult> => ({ url, status: 200, headers: {}, body: '[]', contentType: 'application/json' }));
    const realFetch = vi.spyOn(globalThis, 'fetch');
    await scraper.scrape(fixture('wordpress.html', 'https://example.test/'), context({ fetch }));
    await scraper.scrape(fixture('dom-list.html'), context({ fetch }));
    expect(realFetch).not.toHaveBeenCalled();
    realFetch.mockRestore();
    if (!FOLLOW_UPS.has(scraper.name)) expect(fetch).not.toHaveBeenCalled();
  });
});
