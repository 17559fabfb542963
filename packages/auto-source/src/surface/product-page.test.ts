import { describe, expect, it } from 'vitest';
import { parseHtml } from '@pagefeed/core';
import { outcomeOf } from '../test-support/helpers.js';
import { selectOnPage } from '../dom/selectors.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';
import { isProductPage, namesBuying, namesPage, productFacts } from './product-page.js';

// A gate that keeps every page, as the shipped gate keeps a product page's carousel: the check runs after it.
const KEEPS_ALL = { ...ARTICLE_GATE_MODEL, threshold: 2 };
const NAMES = ['Oak side table', 'Walnut shelf', 'Pine stool', 'Birch desk lamp', 'Ash coat rack', 'Beech bench', 'Maple tray', 'Cedar box'];
const card = (name: string, index: number, buy: boolean) => `<li class="card"><a href="/p/${name.toLowerCase().replace(/ /g, '-')}-${100 + index}"><img src="/i/${index}.jpg" alt=""><span class="name">${name}</span></a>
  <span class="price">${19 + index}.99</span>${buy ? `<button class="add-to-cart" data-id="${index}">Add to cart</button>` : ''}</li>`;
const carousel = (buy: boolean) => `<section><h2>Customers also bought</h2><ul class="row">${NAMES.map((name, index) => card(name, index, buy)).join('')}</ul></section>`;

// One product: its name as the page's heading and title, a price, a buy box; then other products.
const PRODUCT = `<html><head><title>Teak garden chair, foldable | Example Shop</title></head><body>
  <nav><a href="/">Home</a> <a href="/garden">Garden</a></nav>
  <main><div class="gallery"><img src="/i/chair.jpg" alt="Teak garden chair"></div>
  <div class="summary"><h1>Teak garden chair, foldable</h1><span class="price">€89.00</span>
  <form action="/basket/add" method="post"><input type="hidden" name="sku" value="4411"><input type="number" name="quantity" value="1"><button type="submit">Add to basket</button></form>
  <table><tr><th>Material</th><td>Teak</td></tr><tr><th>Weight</th><td>6 kg</td></tr></table></div>
  ${carousel(false)}</main></body></html>`;
// A category grid: its heading names a collection, every card carries its own buy control, none outside.
const CATEGORY = `<html><head><title>Furniture | Example Shop</title></head><body>
  <nav><a href="/">Home</a> <a href="/garden">Garden</a></nav>
  <main><h1>Furniture</h1><ul class="grid">${NAMES.map((name, index) => card(name, index, true)).join('')}</ul></main></body></html>`;
// The same product page without a buy box, declaring its one product instead.
const DECLARED = PRODUCT.replace(/<form[^]*?<\/form>/, '').replace('</head>', '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Teak garden chair, foldable","offers":{"@type":"Offer","price":"89.00"}}</script></head>');

describe('product pages (seventeenth session)', () => {
  it('reads one heading naming the page, outside the carousel, with a buy box of its own as a product page', () => {
    const document = parseHtml(PRODUCT);
    const facts = productFacts(document, selectOnPage(document, 'ul.row > li'));
    expect(facts).toMatchObject({ headings: 1, headingNamesPage: true, headingInList: false, buyBesideHeading: 1, pricesBesideHeading: 1, declaredProduct: false });
    expect(isProductPage(facts)).toBe(true);
    const declared = parseHtml(DECLARED);
    const declaredFacts = productFacts(declared, selectOnPage(declared, 'ul.row > li'));
    expect(declaredFacts).toMatchObject({ buyBesideHeading: 0, pricesBesideHeading: 1, declaredProduct: true });
    expect(isProductPage(declaredFacts)).toBe(true);
  });

  it('takes the one heading text among several that names the page (sections titled "About this item")', () => {
    const sections = PRODUCT.replace('<table>', '<h1>About this item</h1><h1>Teak garden chair, foldable</h1><table>');
    const document = parseHtml(sections);
    const facts = productFacts(document, selectOnPage(document, 'ul.row > li'));
    expect(facts).toMatchObject({ headings: 3, namingHeadings: 1, headingNamesPage: true });
    expect(isProductPage(facts)).toBe(true);
    // Two headings naming different things: no one main thing.
    const two = parseHtml(PRODUCT.replace('<table>', '<h1>Teak garden chair, fixed</h1><table>'));
    expect(isProductPage(productFacts(two, selectOnPage(two, 'ul.row > li')))).toBe(false);
  });

  it('does not read a category grid as a product page: its buy controls are in the cards, its heading names no product', () => {
    const document = parseHtml(CATEGORY);
    const facts = productFacts(document, selectOnPage(document, 'ul.grid > li'));
    // The cards' buy controls are the list's, not beside the heading.
    expect(facts.buyBesideHeading).toBe(0);
    expect(isProductPage(facts)).toBe(false);
  });

  it('reads a buy control from a word of its markup names, not from a run of classes', () => {
    expect(namesBuying('btn add-to-cart')).toBe(true);
    expect(namesBuying('addToBasket')).toBe(true);
    expect(namesBuying('Button Button--buy')).toBe(true);
    expect(namesBuying('header-cart')).toBe(false);
    expect(namesBuying('buyer-reviews')).toBe(false);
    expect(namesBuying('/basket/add')).toBe(false);
  });

  it('matches the heading to the page title by its words, or whole in a script without spaces', () => {
    expect(namesPage('Teak garden chair, foldable', ['Teak garden chair, foldable | Example Shop'])).toBe(true);
    expect(namesPage('Garden chairs', ['Teak garden chair, foldable | Example Shop'])).toBe(false);
    expect(namesPage('折りたたみ椅子', ['折りたたみ椅子の通販 | ショップ'])).toBe(true);
  });

  it('refuses a product page by default; `productPages: false` keeps it; a category grid is kept either way', async () => {
    const url = 'https://shop.example.test/p/teak-garden-chair-4411';
    expect(await outcomeOf(PRODUCT, url, { articleModel: KEEPS_ALL })).toBe('unsupported_surface');
    expect(await outcomeOf(PRODUCT, url, { articleModel: KEEPS_ALL, productPages: true })).toBe('unsupported_surface');
    expect(await outcomeOf(PRODUCT, url, { articleModel: KEEPS_ALL, productPages: false })).toMatch(/ items$/);
    expect(await outcomeOf(CATEGORY, 'https://shop.example.test/furniture', { articleModel: KEEPS_ALL })).toMatch(/ items$/);
  });
});
