import { describe, expect, it } from 'vitest';
import { context, page } from '../test-support/helpers.js';
import { createAutoSource } from '../create-auto-source.js';
import { createJsonLd, jsonLd } from './json-ld.js';

const ldScript = (value: unknown): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

/** A news front whose JSON-LD list gives each story's short form as `url` and its permalink as `@id`. */
function shortFormFront(): string {
  const ids = [101, 102, 103, 104];
  const list = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: ids.map((id, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: { '@type': 'NewsArticle', '@id': `https://example.test/news/${id}/`, url: `https://example.test/?post_type=post&p=${id}`, name: `Story number ${id}` },
    })),
  };
  const cards = ids.map((id) => `<article><h3><a href="https://example.test/news/${id}/">Story number ${id}</a></h3><a href="/writer/desk/">Desk</a></article>`).join('');
  return `<html><head>${ldScript(list)}</head><body><main>${cards}</main></body></html>`;
}

/** A course portal: each Event node's `url` is the off-site registration, `@id` the portal's event page. */
function eventPortal(): string {
  const names = ['Genomics basics', 'Train the trainer', 'Metabolomics data', 'Organisational learning'];
  const slug = (name: string) => name.toLowerCase().replace(/\s+/g, '-');
  const nodes = names.map((name, index) => ({ '@context': 'http://schema.org', '@type': 'Event', '@id': `https://example.test/events/${slug(name)}`, name, url: `https://registration.example.org/form/${index}` }));
  const cards = names.map((name) => `<div class="card"><h3>${name}</h3><a href="/events/${slug(name)}">Read more</a></div>`).join('');
  return `<html><head>${nodes.map(ldScript).join('')}</head><body>${cards}</body></html>`;
}

/** A series page whose JSON-LD list gives every episode one placeholder URL; the page links each by its name. */
function placeholderSeries(): string {
  const names = ['First case', 'Second case', 'Third case', 'Fourth case'];
  const list = { '@context': 'http://schema.org', '@type': 'ItemList', itemListElement: names.map((name, index) => ({ '@type': 'ListItem', position: index + 1, name, url: 'https://example.test/404' })) };
  const teasers = names.map((name, index) => `<h3><a href="/series/show/episode-${index + 1}.html" title="${name}"> ${name} </a></h3>`).join('');
  return `<html><head>${ldScript(list)}</head><body>${teasers}</body></html>`;
}

describe('structured data items take the address the page shows (shownItemLinks)', () => {
  it('takes the permalink in @id over a short form the page never links', async () => {
    const { items } = await jsonLd.scrape(page(shortFormFront()), context());
    expect(items.map((item) => item.url)).toEqual([101, 102, 103, 104].map((id) => `https://example.test/news/${id}/`));
    const off = await createJsonLd({ shownLinks: false }).scrape(page(shortFormFront()), context());
    expect(off.items[0]?.url).toBe('https://example.test/?post_type=post&p=101');
  });

  it('takes the portal page in @id over an off-site registration link the page never shows', async () => {
    const { items } = await jsonLd.scrape(page(eventPortal()), context());
    expect(items.map((item) => item.url)).toEqual([
      'https://example.test/events/genomics-basics',
      'https://example.test/events/train-the-trainer',
      'https://example.test/events/metabolomics-data',
      'https://example.test/events/organisational-learning',
    ]);
  });

  it('replaces a URL given to every item by the shown link named like each item', async () => {
    const { items } = await jsonLd.scrape(page(placeholderSeries()), context());
    expect(items.map((item) => item.url)).toEqual([1, 2, 3, 4].map((index) => `https://example.test/series/show/episode-${index}.html`));
    const off = await createJsonLd({ shownLinks: false }).scrape(page(placeholderSeries()), context());
    expect(off.items.map((item) => item.url)).toEqual(Array(4).fill('https://example.test/404'));
  });

  it('takes the one shown address with the same path when the page\'s links carry a query the data leaves out', async () => {
    const ids = [11, 12, 13];
    const list = { '@type': 'ItemList', itemListElement: ids.map((id, index) => ({ '@type': 'ListItem', position: index + 1, item: { '@type': 'Product', name: `Flat ${id}`, url: `https://example.test/listing/flat-${id}.html` } })) };
    const cards = ids.map((id, index) => `<div class="card"><a href="/listing/flat-${id}.html?src=list&amp;pos=${index + 1}">Flat ${id}, two rooms</a></div>`).join('');
    // Two shown addresses share the path of flat 13: which one a reader takes is not known, so its data link stays.
    const extra = '<a href="/listing/flat-13.html?src=map">On the map</a>';
    const { items } = await jsonLd.scrape(page(`<html><head>${ldScript(list)}</head><body>${cards}${extra}</body></html>`), context());
    expect(items.map((item) => item.url)).toEqual([
      'https://example.test/listing/flat-11.html?src=list&pos=1',
      'https://example.test/listing/flat-12.html?src=list&pos=2',
      'https://example.test/listing/flat-13.html',
    ]);
  });

  it('keeps links the page shows, and unshown links without a shown alternative', async () => {
    const names = ['Alpha', 'Beta', 'Gamma'];
    const list = { '@type': 'ItemList', itemListElement: names.map((name, index) => ({ '@type': 'ListItem', position: index + 1, name, url: `https://example.test/items/${name.toLowerCase()}` })) };
    // Alpha is shown under its own URL; Beta is shown only under another address with its name (a
    // distinct, unshown URL is the item's own, not a placeholder); Gamma is not shown at all.
    const body = '<a href="/items/alpha">Alpha</a><a href="/elsewhere/beta?ref=home">Beta</a><a href="/about">About</a>';
    const { items } = await jsonLd.scrape(page(`<html><head>${ldScript(list)}</head><body>${body}</body></html>`), context());
    expect(items.map((item) => item.url)).toEqual(['https://example.test/items/alpha', 'https://example.test/items/beta', 'https://example.test/items/gamma']);
  });

  it('is on by default in createAutoSource and off with shownItemLinks: false', async () => {
    const on = await createAutoSource().extract(page(shortFormFront()), context());
    expect(on.items[0]?.url).toBe('https://example.test/news/101/');
    const off = await createAutoSource({ shownItemLinks: false }).extract(page(shortFormFront()), context());
    expect(off.items[0]?.url).toBe('https://example.test/?post_type=post&p=101');
  });
});
