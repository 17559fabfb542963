import { createEngine, loadFeedsFile, type FetchStrategy } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { buildFeedsYml } from '../feeds-yml.js';
import { companionOf, pickPartNear } from './companion.js';
import { itemsFromClick } from './item-selector.js';
import { partsConfig, previewPicked, type PickedFeed } from './picked-feed.js';
import { engineDom as dom, load } from './test-dom.js';

/**
 * Lists made of pairs: each item's link in a `dt` and its title and date in the `dd` after it;
 * each item's title in one table row and its summary in the row under it. The picker takes a part
 * clicked in the element after an item as the item's (`:scope + dd …`).
 */
const PAIRS = `<!doctype html><html><head><title>Papers</title></head><body><h2>New</h2><dl class="papers">${[1, 2, 3]
  .map((index) => `<dt><a class="id" href="/abs/${index}">paper:${index}</a> <a href="/pdf/${index}">pdf</a></dt><dd><div class="title">Paper number ${index}</div><div class="when">March ${index}, 2024</div></dd>`)
  .join('')}</dl><p class="after">Page footer</p></body></html>`;

const ROWS = `<html><body><table class="board"><tbody>${[1, 2, 3]
  .map((index) => `<tr class="topic"><td><a href="/t/${index}">Topic ${index}</a></td></tr><tr><td>Started on 2024-05-0${index} · <a href="/u/${index}">user${index}</a></td></tr>`)
  .join('')}</tbody></table></body></html>`;

describe('parts in the element right after an item', () => {
  const { root, find } = load(PAIRS);
  const set = itemsFromClick(dom, root, find('dt a.id', 1), []);

  it('the items are the dts; a click in a dd belongs to the dt before it', () => {
    expect(set.matches).toHaveLength(3);
    expect(dom.tag(set.example)).toBe('dt');
    expect(companionOf(dom, set.matches, find('dd div.title', 2))?.item).toBe(set.matches[2]);
  });

  it('gives a selector from the item to its dd, found in every item', () => {
    const title = pickPartNear(dom, set.matches, find('dd div.title', 1), 'title');
    expect(title?.picked).toMatchObject({ selector: ':scope + dd div.title', extractor: 'text', found: 3, fragile: false });
    expect(title?.element).toBe(find('dd div.title', 1));
    const date = pickPartNear(dom, set.matches, find('dd div.when', 0), 'published_at');
    expect(date?.picked).toMatchObject({ selector: ':scope + dd div.when', post_process: [{ name: 'parse_time' }] });
  });

  it('a part inside the item is picked as before', () => {
    expect(pickPartNear(dom, set.matches, find('dt a.id', 0), 'url')?.picked).toMatchObject({ selector: 'a.id', extractor: 'href', found: 3 });
  });

  it('a click that belongs to no item gives nothing: before the list, after it, on the list itself', () => {
    expect(pickPartNear(dom, set.matches, find('h2'), 'title')).toBeUndefined();
    expect(pickPartNear(dom, set.matches, find('p.after'), 'title')).toBeUndefined();
    expect(pickPartNear(dom, set.matches, find('dl.papers'), 'title')).toBeUndefined();
  });

  it('the engine reads the picked feed as the picker’s preview shows it', async () => {
    const near = (selector: string, part: 'title' | 'url' | 'published_at') => pickPartNear(dom, set.matches, find(selector, 1), part)!.picked;
    const feed: PickedFeed = { items: set.selector, parts: { title: near('dd div.title', 'title'), url: near('dt a.id', 'url'), published_at: near('dd div.when', 'published_at') } };
    const text = buildFeedsYml({ url: 'https://papers.example/', strategy: 'plain', capture: { items: feed.items, parts: partsConfig(feed) } });
    const config = loadFeedsFile(text, { env: {} }).feeds['papers-example']!;
    const page: FetchStrategy = { name: 'plain', fetch: async (request) => ({ url: request.url, status: 200, headers: {}, body: PAIRS, contentType: 'text/html' }) };
    const result = await createEngine({ strategies: { plain: page } }).generate(config);
    const engineItems = result.feed.items.map((entry) => ({ title: entry.title, url: entry.url, published: entry.published_at && new Date(entry.published_at).toISOString().slice(0, 10) }));
    const previewItems = previewPicked(dom, root, feed, 'https://papers.example/').map((entry) => ({ title: entry.title, url: entry.url, published: entry.published_at?.slice(0, 10) }));
    expect(engineItems).toEqual(previewItems);
    expect(engineItems).toEqual([1, 2, 3].map((index) => ({ title: `Paper number ${index}`, url: `https://papers.example/abs/${index}`, published: `2024-03-0${index}` })));
  });
});

describe('a title row and the row under it', () => {
  const { root, find } = load(ROWS);
  const set = itemsFromClick(dom, root, find('tr.topic a', 0), []);

  it('takes the summary row as the item’s, and not the next item’s row', () => {
    expect(set.selector).toContain('tr.topic');
    const summary = pickPartNear(dom, set.matches, find('tr:not(.topic) td', 1), 'description');
    expect(summary?.picked).toMatchObject({ selector: ':scope + tr td', found: 3 });
    expect(companionOf(dom, set.matches, find('tr:not(.topic) td', 1))?.item).toBe(set.matches[1]);
    expect(companionOf(dom, set.matches, find('tr.topic td', 2))).toBeUndefined();
  });
});
