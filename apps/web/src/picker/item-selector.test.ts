import { describe, expect, it } from 'vitest';
import { isFragile, isHashedClass, similar } from './hooks.js';
import { itemsFromClick, narrow, selectorForSet, widen } from './item-selector.js';
import { engineDom as dom, load } from './test-dom.js';

const cards = (count: number, extra = '') =>
  Array.from({ length: count }, (_, index) => `<article class="card sc-x7Yz${index}q"${extra}><h2 class="card-title"><a href="/p/${index}">Post ${index}</a></h2><p>Text ${index}</p></article>`).join('');

describe('hashed and fragile selectors', () => {
  it.each(['css-1q2w3e', 'sc-bdVaJa', 'Card_title__x7Yz2', '_3xYz9', 'jsx-2839410'])('%s is hashed', (name) => expect(isHashedClass(name)).toBe(true));
  it.each(['card', 'post-title', 'col-md-6', 'h2', 'item-12', 'entry-content', 'mt-4'])('%s is not hashed', (name) => expect(isHashedClass(name)).toBe(false));
  it('positions and hashed classes are fragile; hooks are not', () => {
    expect(isFragile('main > div:nth-child(2) > article')).toBe(true);
    expect(isFragile('div.css-1q2w3e')).toBe(true);
    expect(isFragile('#posts > article.card')).toBe(false);
  });
});

describe('similar', () => {
  it('takes grid cells that differ in a width class as one kind, a row’s cells not', () => {
    const { find } = load('<html><body><div class="col-s-12 col-l-6 item">a</div><div class="col-s-12 col-l-12 item">b</div><div class="col position">1</div><div class="col name">x</div><p>p</p><p>q</p></body></html>');
    expect(similar(dom, find('div.item', 0), find('div.item', 1))).toBe(true);
    expect(similar(dom, find('div.position'), find('div.name'))).toBe(false);
    expect(similar(dom, find('p', 0), find('p', 1))).toBe(true);
    expect(similar(dom, find('p', 0), find('div.item', 0))).toBe(false);
  });
});

describe('itemsFromClick', () => {
  it('takes the best candidate holding the click and replaces its positional selector by a stable one', () => {
    const { root, find } = load(`<html><body><nav><ul><li><a href="/">Home</a></li><li><a href="/a">About</a></li></ul></nav><main><div>${cards(4)}</div></main></body></html>`);
    const candidates = [{ items: 'nav li', score: 0.2 }, { items: 'body > main > div:nth-of-type(1) > article', score: 0.9 }];
    const set = itemsFromClick(dom, root, find('a', 3), candidates);
    expect(set.selector).toBe('article.card');
    expect(set.matches).toHaveLength(4);
    expect(set.example).toBe(find('article', 1));
    expect(set.fragile).toBe(false);
    expect(set.exact).toBe(true);
  });

  it('without candidates finds the repeating element, and its cousins in a grid of rows', () => {
    const rows = [0, 1, 2].map((row) => `<div class="row">${[0, 1].map((col) => `<div class="tile"><a href="/t/${row}${col}">T${row}${col}</a></div>`).join('')}</div>`).join('');
    const { root, find } = load(`<html><body><div class="grid">${rows}</div><aside><div class="tile">promo</div></aside></body></html>`);
    const set = itemsFromClick(dom, root, find('a', 3), []);
    expect(set.matches).toHaveLength(6);
    expect(set.selector).not.toMatch(/nth|aside/);
    expect(set.matches.map((match) => dom.text(match))).toEqual(['T00', 'T01', 'T10', 'T11', 'T20', 'T21']);
  });

  it('prefers the list the click is in over a bigger candidate, and skips the inner boxes of one card', () => {
    const card = (index: number) => `<div class="cell w-${index % 2 ? 6 : 12} grid-item"><article class="teaser"><div class="box"><img src="/i/${index}.jpg"></div><div class="box"><h4><a href="/a/${index}">A${index}</a></h4></div></article></div>`;
    const section = (name: string, from: number) => `<section data-stage="${name}"><div class="grid">${[from, from + 1, from + 2].map(card).join('')}</div></section>`;
    const { root, find } = load(`<html><body><main>${section('news', 0)}${section('economy', 3)}</main></body></html>`);
    const set = itemsFromClick(dom, root, find('a', 4), [{ items: 'article.teaser', score: 0.9 }, { items: 'main > section', score: 0.5 }]);
    expect(set.selector).toBe('section[data-stage="economy"] article.teaser');
    expect(set.matches.map((match) => dom.text(match))).toEqual(['A3', 'A4', 'A5']);
  });

  it('uses an ancestor hook when the item kind also appears elsewhere', () => {
    const { root, find } = load(`<html><body><ul id="news"><li>a</li><li>b</li><li>c</li></ul><ul class="links"><li>x</li><li>y</li></ul></body></html>`);
    const set = itemsFromClick(dom, root, find('#news li', 1), []);
    expect(set.selector).toBe('#news > li');
    expect(set.matches).toHaveLength(3);
  });

  it('marks the selector fragile when only hashed classes and positions tell the items apart', () => {
    const { root, find } = load(`<html><body><div><div class="x9Ab3"><span>a</span></div><div class="x9Ab3"><span>b</span></div></div><p>other</p></body></html>`);
    const set = itemsFromClick(dom, root, find('span', 0), []);
    expect(set.exact).toBe(true);
    expect(set.fragile).toBe(true);
    expect(set.matches).toHaveLength(2);
  });
});

describe('widen, narrow, exclude', () => {
  const page = `<html><body><section class="list">${cards(3)}<article class="card ad"><h2 class="card-title"><a href="/ad">Sponsored</a></h2></article></section></body></html>`;

  it('widens to the item’s parent kind and narrows back towards the click', () => {
    const { root, find } = load(page);
    const titles = itemsFromClick(dom, root, find('h2', 0), [{ items: 'h2.card-title', score: 1 }]);
    expect(titles.selector).toBe('h2.card-title');
    const wide = widen(dom, root, titles);
    expect(wide.matches).toHaveLength(4);
    expect(wide.selector).toBe('article.card');
    const back = narrow(dom, root, wide, find('a', 0));
    expect(back.matches).toHaveLength(4);
    expect(back.example).toBe(find('h2', 0));
  });

  it('tightens the selector when an item is excluded, by a class only the excluded item has', () => {
    const { root, find } = load(page);
    const all = itemsFromClick(dom, root, find('a', 0), [{ items: 'article', score: 1 }]);
    expect(all.matches).toHaveLength(4);
    const tightened = selectorForSet(dom, root, all.matches, all.example, [find('article.ad')]);
    expect(tightened.selector).toBe('article.card:not(.ad)');
    expect(tightened.matches).toHaveLength(3);
    expect(tightened.exact).toBe(true);
  });

  it('falls back to positions (fragile) when nothing but its place tells the excluded item apart', () => {
    const { root, find } = load(`<html><body><ul><li>a</li><li>b</li><li>c</li></ul></body></html>`);
    const all = itemsFromClick(dom, root, find('li', 0), []);
    const tightened = selectorForSet(dom, root, all.matches, all.example, [find('li', 2)]);
    expect(tightened.matches).toHaveLength(2);
    expect(tightened.fragile).toBe(true);
  });
});
