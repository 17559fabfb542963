import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page, ROW_TEXTS } from '../test-support/helpers.js';

// Every page here is written for the test (tenth session: items in tab panels the page does not show).
const TEXTS = ROW_TEXTS;

async function extract(body: string, url: string, options: { hiddenPanels?: boolean } = {}) {
  return createAutoSource(options).extract(page(`<!doctype html><html><body><main><h1>News</h1>${body}</main></body></html>`, url), context());
}

const row = (n: number) => `<li class="entry"><a href="/news/${5100 + n}.html">${TEXTS[n]}</a> <span class="day">2024-05-${String(10 + n).padStart(2, '0')}</span></li>`;
const urls = (indices: readonly number[]) => indices.map((n) => `https://city.test/news/${5100 + n}.html`);

describe('tab panels the page does not show', () => {
  it('keeps the shown tab of category tabs that repeat its items and reach further back', async () => {
    const all = [0, 1, 2, 3, 4, 5];
    const tabs = [[0, 2, 4, 6], [1, 3, 5, 7], [0, 1, 5]];
    const panel = (indices: readonly number[], shown: boolean) => `<div class="tab-target${shown ? ' is-current' : ''}"><ul class="news">${indices.map(row).join('')}</ul></div>`;
    const body = `<div class="tabs">${panel(all, true)}${tabs.map((indices) => panel(indices, false)).join('')}</div>`;
    const { items } = await extract(body, 'https://city.test/');
    expect(items.map((item) => item.url)).toEqual(urls(all));
    // Switched off, the hidden tabs' older rows join the list (the repeats are merged by URL).
    const off = await extract(body, 'https://city.test/', { hiddenPanels: false });
    expect(off.items.map((item) => item.url)).toEqual(urls([0, 1, 2, 3, 4, 5, 6, 7]));
  });

  it('drops a "most read" panel the page hides beside the latest news', async () => {
    const body = `<div class="box"><div role="tabpanel" id="latest" class="tab-pane active"><ul>${[0, 1, 2, 3].map(row).join('')}</ul></div><div role="tabpanel" id="popular" class="tab-pane"><ul>${[4, 5, 6, 7].map(row).join('')}</ul></div></div>`;
    const { items } = await extract(body, 'https://city.test/');
    expect(items.map((item) => item.url)).toEqual(urls([0, 1, 2, 3]));
    const off = await extract(body, 'https://city.test/', { hiddenPanels: false });
    expect(off.items.map((item) => item.url)).toEqual(urls([0, 1, 2, 3, 4, 5, 6, 7]));
  });
});

describe('panels that are all shown, or not tabs', () => {
  it('keeps accordion sections, each panel in its own card', async () => {
    const card = (indices: readonly number[], open: boolean, year: number) => `<div class="card"><div class="card-header"><button>${year}</button></div><div role="tabpanel" class="collapse${open ? ' show' : ''}"><ul>${indices.map(row).join('')}</ul></div></div>`;
    const body = `<div class="accordion">${card([0, 1, 2], true, 2024)}${card([3, 4, 5], false, 2023)}${card([6, 7], false, 2022)}</div>`;
    const { items } = await extract(body, 'https://city.test/archive');
    expect(items.map((item) => item.url)).toEqual(urls([0, 1, 2, 3, 4, 5, 6, 7]));
  });

  it('keeps every row of a list one of whose rows is marked current', async () => {
    const body = `<ul class="tabs">${[0, 1, 2, 3, 4, 5].map((n) => row(n).replace('class="entry"', `class="tab${n === 2 ? ' active' : ''}"`)).join('')}</ul>`;
    const { items } = await extract(body, 'https://city.test/');
    expect(items.map((item) => item.url)).toEqual(urls([0, 1, 2, 3, 4, 5]));
  });

  it('keeps panels none of which is marked', async () => {
    const body = `<div class="tab-pane"><ul>${[0, 1, 2, 3].map(row).join('')}</ul></div><div class="tab-pane"><ul>${[4, 5, 6, 7].map(row).join('')}</ul></div>`;
    const { items } = await extract(body, 'https://city.test/');
    expect(items.map((item) => item.url)).toEqual(urls([0, 1, 2, 3, 4, 5, 6, 7]));
  });
});
