import { FeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { declaredItem, declaresThing, withDeclaredThing } from './declared-item.js';

const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const declared = (head: string, body = '') => declaredItem(page(`<html><head>${head}</head><body>${body}</body></html>`).document);

describe('the page\'s own declaration of one item', () => {
  it('reads one JSON-LD entity, also as a web page\'s main entity', () => {
    expect(declared(jsonLd({ '@context': 'https://schema.org', '@type': 'Product', name: 'Oak table' }))).toEqual({ type: 'Product', source: 'json-ld' });
    expect(declared(jsonLd({ '@type': 'WebPage', mainEntity: { '@type': 'ScholarlyArticle', headline: 'A paper' } }))).toEqual({ type: 'ScholarlyArticle', source: 'json-ld' });
    expect(declared(jsonLd({ '@graph': [{ '@type': 'WebSite' }, { '@type': 'Recipe', name: 'Beans' }, { '@type': 'Organization' }] }))).toEqual({ type: 'Recipe', source: 'json-ld' });
  });

  it('reads one outermost microdata item; its nested items (offers, tracks, reviews) do not count', () => {
    const album = '<div itemscope itemtype="http://schema.org/MusicAlbum"><h1 itemprop="name">Album</h1>'
      + '<div itemprop="track" itemscope itemtype="http://schema.org/MusicRecording">One</div><div itemprop="track" itemscope itemtype="http://schema.org/MusicRecording">Two</div></div>';
    expect(declared('', album)).toEqual({ type: 'MusicAlbum', source: 'microdata' });
  });

  it('reads Open Graph\'s single-object types, but not og:type article (many CMSs put it on every page)', () => {
    expect(declared('<meta property="og:type" content="product">')).toEqual({ type: 'og:product', source: 'open-graph' });
    expect(declared('<meta property="og:type" content="video.other">')).toEqual({ type: 'og:video.other', source: 'open-graph' });
    expect(declared('<meta property="og:type" content="article">')).toBeUndefined();
    expect(declared('<meta property="og:type" content="website">')).toBeUndefined();
  });

  it('is none when the page declares several items or a collection', () => {
    const products = [1, 2, 3].map((n) => `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Chair ${n}</span></div>`).join('');
    expect(declared('', products)).toBeUndefined();
    expect(declared(jsonLd([{ '@type': 'Product', name: 'A' }, { '@type': 'Product', name: 'B' }]))).toBeUndefined();
    expect(declared(jsonLd({ '@type': 'Product', name: 'A' }) + jsonLd({ '@type': 'ItemList', itemListElement: [] }))).toBeUndefined();
    expect(declared(jsonLd({ '@type': 'CollectionPage', mainEntity: { '@type': 'Article' } }))).toBeUndefined();
  });
});

describe('a declared thing in the gate\'s odds', () => {
  it('raises the odds of a thing (product, recipe, episode) by the measured ratio, not of the Article family', () => {
    const thing = { type: 'Product', source: 'json-ld' } as const;
    expect(declaresThing(thing)).toBe(true);
    expect(declaresThing({ type: 'NewsArticle', source: 'json-ld' })).toBe(false);
    expect(declaresThing({ type: 'og:music.album', source: 'open-graph' })).toBe(true);
    // Odds 1:4 times the measured ratio 26.5 = 6.625:1.
    expect(withDeclaredThing(0.2, thing)).toBeCloseTo(6.625 / 7.625, 5);
    expect(withDeclaredThing(0.2, { type: 'NewsArticle', source: 'json-ld' })).toBe(0.2);
    expect(withDeclaredThing(0.2, undefined)).toBe(0.2);
    // A list the model is sure of stays one.
    expect(withDeclaredThing(0.001, thing)).toBeLessThan(0.05);
  });
});

const PRODUCT = jsonLd({ '@context': 'https://schema.org', '@type': 'Product', name: 'Oak table', offers: { '@type': 'Offer', price: '599' } });
const cards = (count: number) => Array.from({ length: count }, (_, index) => `<li class="card"><a href="https://shop.example.test/p/garden-chair-model-${index}/">`
  + `<img src="/i/${index}.jpg" alt=""><span class="name">Garden chair model ${index}</span></a><span class="price">£${40 + index}</span></li>`).join('');

/** A product page: a heading, a buy box and a description, then a shelf of recommended products. */
function productPage(head: string): string {
  return `<html><head><title>Oak table</title>${head}</head><body><nav><a href="/">Home</a> <a href="/tables/">Tables</a></nav>
<main><h1>Oak table, 235x100 cm</h1><div class="buy"><span class="price">£599</span><button>Add to bag</button></div>
<div class="details"><p>${'A solid oak table that seats eight. '.repeat(8)}</p><p>${'The top is oiled and easy to care for. '.repeat(5)}</p></div>
<section class="shelf"><h2>You may also like</h2><ul>${cards(30)}</ul></section></main><footer><a href="/help">Help</a></footer></body></html>`;
}

/** A category page: a heading and a grid of products, nothing else. */
function categoryPage(head: string): string {
  return `<html><head><title>Chairs</title>${head}</head><body><main><h1>Garden chairs</h1><ul class="grid">${cards(30)}</ul></main></body></html>`;
}

async function outcome(html: string, url: string, declaredItems?: boolean): Promise<string> {
  try {
    const options = declaredItems === undefined ? {} : { declaredItems };
    return `${(await createAutoSource(options).extract(page(html, url), context())).items.length} items`;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    return /declares one/.test(error.message) ? 'declared item' : String(error.class);
  }
}

describe('the gate with the page\'s declaration', () => {
  const url = 'https://shop.example.test/oak-table.html';

  it('refuses a product page\'s shelf of recommendations when the page declares the product (off by default)', async () => {
    expect(await outcome(productPage(PRODUCT), url, true)).toBe('declared item');
    expect(await outcome(productPage(PRODUCT), url)).toBe('30 items');
    expect(await outcome(productPage(PRODUCT), url, false)).toBe('30 items');
  });

  it('keeps the same page without a declaration, and a category page that declares one stray product', async () => {
    expect(await outcome(productPage(''), url, true)).toBe('30 items');
    expect(await outcome(categoryPage(PRODUCT), 'https://shop.example.test/garden/chairs/', true)).toBe('30 items');
  });
});
