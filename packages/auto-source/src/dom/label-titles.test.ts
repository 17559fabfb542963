import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, itemsOf, page } from '../test-support/helpers.js';

// Issue 17, eleventh session: the page's own name for an item (a link's `title`/`aria-label`; since
// the twelfth session not a picture's `alt`) settles which part of a title made of several parts is
// the headline. Small pages of our own.

const products = ['Wireless game controller, white', 'Charging dock for two controllers', 'Portable solid state drive, 2 TB', 'Thermal paste, silver, 5 g', 'Remote player for the console, black'];
const heads = ['Harbour ferry fares rise in spring', 'Council votes on the new bridge', 'Rain expected across the west', 'Library opens a second floor', 'Trains run late after storm'];
const kickers = ['Transport', 'Local politics', 'Weather', 'Culture', 'Railways'];

describe('a card whose link names the item for assistive technology', () => {
  it('is titled by the card\'s text the aria-label opens with, not rating, name and price run together', async () => {
    const cards = products.map((name, index) => `<a class="card" href="/product/${4100 + index}" aria-label="${name}, rated 5 of 5, ${40 + index} euros or 10 payments"><div class="top"><span class="sr">Rating </span>5.0<span class="sr"> of 5.0</span></div><img src="/p/${index}.jpg" alt=""><span class="label">${name}</span><div class="prices"><span>${49 + index},00 €</span><span>${40 + index},00 €</span><span>Discount: -${index + 5}%</span></div><div>or 10 payments</div></a>`);
    const items = await itemsOf(`<div class="grid">${cards.join('')}</div>`, { labelTitles: true });
    expect(items.map((item) => item.title)).toEqual(products);
  });

  it('keeps the whole text when the label opens with one short block only (a brand)', async () => {
    const cards = products.map((name, index) => `<a class="card" href="/product/${4100 + index}" aria-label="Acme ${name}, ${40 + index} euros"><b>Acme</b> ${name} for ${40 + index} €</a>`);
    const items = await itemsOf(`<div class="grid">${cards.join('')}</div>`, { labelTitles: true });
    expect(items.map((item) => item.title)).toEqual(products.map((name, index) => `Acme ${name} for ${40 + index} €`));
  });
});

describe('a headline link whose title attribute names the headline', () => {
  it('leaves out the kicker written before the headline', async () => {
    const rows = heads.map((head, index) => `<li><a href="/news/${900 + index}" title="${head}">${kickers[index]} — <b>${head}</b></a><p>A teaser that says more about story ${index}.</p></li>`);
    const items = await itemsOf(`<ul class="ticker">${rows.join('')}</ul>`, { labelTitles: true });
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('does nothing when only one item of the list is labelled so', async () => {
    const rows = heads.map((head, index) => `<li><a href="/news/${900 + index}"${index === 0 ? ` title="${head}"` : ''}>${kickers[index]} — <b>${head}</b></a><p>A teaser that says more about story ${index}.</p></li>`);
    const items = await itemsOf(`<ul class="ticker">${rows.join('')}</ul>`, { labelTitles: true });
    expect(items[0]?.title).toBe(`${kickers[0]} — ${heads[0]}`);
  });
});

describe('a card whose picture\'s alt names the item (twelfth session: no label)', () => {
  it('keeps the brand the headline shows before the name the alt gives', async () => {
    const brands = ['Acme', 'Borea Knitwear', 'Zenith', 'Acme', 'Corvid & Co'];
    const cards = products.map((name, index) => `<li class="tile"><div class="photo"><img src="/p/${index}.jpg" alt="${name}"></div><h3><a href="/product/${4100 + index}"><strong>${brands[index]}</strong> ${name}</a></h3><span class="price">$${40 + index}</span></li>`);
    const items = await itemsOf(`<ul class="grid">${cards.join('')}</ul>`, { labelTitles: true });
    expect(items.map((item) => item.title)).toEqual(products.map((name, index) => `${brands[index]} ${name}`));
  });

  it('keeps a title of which the alt is one word (a brand\'s logo)', async () => {
    const cards = products.map((name, index) => `<li><a href="/product/${4100 + index}"><img src="/logo.png" alt="Acme">Acme ${name}</a> <span>${40 + index} €</span></li>`);
    const items = await itemsOf(`<ul class="grid">${cards.join('')}</ul>`, { labelTitles: true });
    expect(items.map((item) => item.title)).toEqual(products.map((name) => `Acme ${name}`));
  });
});

describe('the labelTitles option', () => {
  it('is off by default (it leaves the titles whole) and, set to true, takes the labelled part', async () => {
    const rows = heads.map((head, index) => `<li><a href="/news/${900 + index}" title="${head}">${kickers[index]} — <b>${head}</b></a><p>A teaser that says more about story ${index}.</p></li>`);
    const html = `<!doctype html><html><body><ul class="ticker">${rows.join('')}</ul></body></html>`;
    const titles = async (options: { labelTitles?: boolean }): Promise<(string | undefined)[]> => (await createAutoSource(options).extract(page(html), context())).items.map((item) => item.title);
    const whole = heads.map((head, index) => `${kickers[index]} — ${head}`);
    expect(await titles({})).toEqual(whole);
    expect(await titles({ labelTitles: false })).toEqual(whole);
    expect(await titles({ labelTitles: true })).toEqual(heads);
  });
});
