import { createEngine, loadFeedsFile, type FetchStrategy } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { buildFeedsYml } from '../feeds-yml.js';
import { itemsFromClick } from './item-selector.js';
import { pickPart } from './part-selector.js';
import { partsConfig, previewPicked } from './picked-feed.js';
import { engineDom as dom, load } from './test-dom.js';

/**
 * What the picker hands on (the feeds.yml snippet, the `selectors` of POST /feeds) loads with the
 * real feeds.yml loader, and the engine reading the page with it gives the items of the picker's
 * own preview.
 */
const PAGE = `<!doctype html><html><head><title>Notes</title></head><body><nav><a href="/">Home</a><a href="/about">About</a></nav><ul class="notes">${[1, 2, 3]
  .map((index) => `<li class="note"><h3><a href="/notes/${index}">Note ${index}</a></h3><span class="when">March ${index}, 2024</span><p>About note ${index}.</p></li>`)
  .join('')}</ul></body></html>`;

describe('the picker’s result', () => {
  const { root, find } = load(PAGE);
  const set = itemsFromClick(dom, root, find('h3 a', 1), []);
  const item = set.example;
  const parts = {
    title: pickPart(dom, set.matches, item, find('h3 a', 1), 'title'),
    url: pickPart(dom, set.matches, item, find('h3 a', 1), 'url'),
    published_at: pickPart(dom, set.matches, item, find('span.when', 1), 'published_at'),
    description: pickPart(dom, set.matches, item, find('p', 1), 'description'),
  };
  const feed = { items: set.selector, parts };

  it('loads as feeds.yml with the same selectors, parse_time included', () => {
    const text = buildFeedsYml({ url: 'https://notes.example/', strategy: 'plain', capture: { items: feed.items, parts: partsConfig(feed) } });
    const config = loadFeedsFile(text, { env: {} }).feeds['notes-example'];
    expect(config?.selectors?.items.selector).toBe('li.note');
    expect(config?.selectors?.parts['published_at']).toMatchObject({ selector: 'span', post_process: [{ name: 'parse_time' }] });
    expect(config?.selectors?.parts['url']).toMatchObject({ extractor: 'href' });
  });

  it('gives in the engine the items its own preview shows', async () => {
    const text = buildFeedsYml({ url: 'https://notes.example/', strategy: 'plain', capture: { items: feed.items, parts: partsConfig(feed) } });
    const config = loadFeedsFile(text, { env: {} }).feeds['notes-example']!;
    const page: FetchStrategy = { name: 'plain', fetch: async (request) => ({ url: request.url, status: 200, headers: {}, body: PAGE, contentType: 'text/html' }) };
    const result = await createEngine({ strategies: { plain: page } }).generate(config);
    const engineItems = result.feed.items.map((entry) => ({ title: entry.title, url: entry.url, published: entry.published_at && new Date(entry.published_at).toISOString().slice(0, 10) }));
    const previewItems = previewPicked(dom, root, feed, 'https://notes.example/').map((entry) => ({ title: entry.title, url: entry.url, published: entry.published_at?.slice(0, 10) }));
    expect(engineItems).toEqual(previewItems);
    expect(engineItems).toEqual([1, 2, 3].map((index) => ({ title: `Note ${index}`, url: `https://notes.example/notes/${index}`, published: `2024-03-0${index}` })));
  });
});
