import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, itemsOf, page } from '../test-support/helpers.js';
import { amountText } from './title-facts.js';

// Issue 17, twelfth session: a card link that runs the item's name together with the card's facts
// (prices, measures, a place or category the cards share) is titled by the part the cards vary in.
// Small pages of our own, one per structure.

const names = ['Oak side table', 'Camp stove', 'Red kayak, 2 paddles', 'Ladder 3 m', 'Road bike', 'Desk lamp'];
const places = ['Springfield, IL', 'Springfield, IL', 'Dayton, OH', 'Springfield, IL', 'Springfield, IL', 'Springfield, IL'];

describe('a marketplace card: price, name and place in one link', () => {
  const rows = names.map((name, index) => `<div class="cell"><a href="/item/81${index}2/?ref=search"><div><img src="/p/${index}.jpg" alt=""></div><div><div><span>$${(index + 2) * 40}</span></div><div><span>${name}</span></div><div><span>${places[index]}</span></div></div></a></div>`);
  const body = `<div class="grid">${rows.join('')}</div>`;

  it('is titled by the name, not the price and the place run together', async () => {
    const items = await itemsOf(body);
    expect(items.map((item) => item.title)).toEqual(names);
  });

  it('keeps the price and the place in the summary', async () => {
    const result = await createAutoSource().extract(page(`<!doctype html><html><body>${body}</body></html>`), context());
    expect(result.items[2]?.description).toBe('$160 Dayton, OH');
  });
});

const products = ['Thermal paste, 5 g, grey', 'Charging stand for two controllers, white', 'USB link adapter for console and PC', 'External drive 2 TB, USB 3.2, white', 'Racing wheel with pedals, black'];

describe('a shop card whose prices are written with words', () => {
  it('is titled by the product, without old price, price, instalments, badge and category', async () => {
    const rows = products.map((product, index) => `<a class="result-card" href="/product/4155${index}/item-${index}"><img alt="" src="/i/${index}.png"><div class="card-name">${product}</div><div class="card-old-price">Was: $${index + 20}.52</div><div class="card-price">$${index + 19}.99</div><div class="card-instalment">12x of $${index + 1}.96 interest-free</div>${index % 2 ? '<div class="card-badges"><span>SOLD OUT</span></div>' : ''}<div class="card-category">Games &gt; Accessories</div></a>`);
    const items = await itemsOf(`<div class="results">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(products);
  });
});

const makes = ['ACME Roadster (R1)', 'BOREAS Wagon 2nd series', 'CORVID City', 'DELTA Coupe 1st series', 'EPSILON Van (V2)'];
const versions = ['1.6 Turbo Sport', 'Wagon 1.4 Highline', '1.3 Diesel Emotion', '2.0 Executive SW', '1.8 Cosmo Plus'];

describe('a car card: a label, the year, the make line, the version line and the facts', () => {
  it('is titled by the make line and the version line together', async () => {
    const rows = makes.map((make, index) => `<a class="item" href="/cars/used/${index}-car/"><div class="image"><div class="overlay"><div class="info"><span>used</span> <span>20${10 + index}</span></div></div><img src="/c/${index}.jpg" alt=""></div><div class="section1"><div class="t1">${make}</div><div class="t2">${versions[index]}</div></div><div class="section2"><div class="t1"><b>Km</b> ${index + 1}03.000</div><div class="t2"><span>Fuel</span> <span>${index % 2 ? 'Petrol' : 'Diesel'}</span></div><div class="t2"><span>Gearbox</span> <span>manual</span></div></div><div class="section3"><div class="price">${index + 4}.890 €</div></div></a>`);
    const items = await itemsOf(`<div class="listing">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(makes.map((make, index) => `${make} ${versions[index]}`));
  });
});

describe('what the rule keeps', () => {
  it('keeps a link of inline runs whole, a part the rows share included', async () => {
    const rows = names.map((name, index) => `<li><a href="/posts/${index}"><span class="title">${name}</span> <span class="sub">is back in town</span></a><p>A short summary of story ${index}, $${index + 2}0 a ticket.</p></li>`);
    const items = await itemsOf(`<ul class="posts">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(names.map((name) => `${name} is back in town`));
  });

  it('keeps a brand that stands before the product name', async () => {
    const brands = ['Acme', 'Zenith', 'Acme', 'Borea', 'Zenith'];
    const shoes = ['Trail runner shoe, blue and grey', 'Road racing flat, white', 'Hiking boot with ankle support', 'Indoor court shoe, black', 'Spiked track shoe, orange'];
    const rows = shoes.map((shoe, index) => `<article><a href="/p/shoe-${index}"><div class="brand">${brands[index]}</div><div class="name">${shoe}</div><div class="monthly">From $${index + 3}.50 a month</div><div class="kind">Running</div></a></article>`);
    const items = await itemsOf(`<section class="products">${rows.join('')}</section>`);
    expect(items.map((item) => item.title)).toEqual(shoes.map((shoe, index) => `${brands[index]} ${shoe}`));
  });

  it('keeps a headline and a teaser that nothing sets apart as one title', async () => {
    const heads = ['Harbour ferry fares rise in spring', 'Council votes on the new bridge', 'Rain expected across the west', 'Library opens a second floor', 'Trains run late after storm'];
    const teasers = heads.map((head, index) => `A longer teaser about story number ${index}, with a second clause for length.`);
    const rows = heads.map((head, index) => `<a class="item" href="/70${index}/story-${index}"><div><div>${head}</div><div>${teasers[index]}</div><div class="section">News</div></div></a>`);
    const items = await itemsOf(`<div class="module">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(heads.map((head, index) => `${head} ${teasers[index]}`));
  });
});

describe('amountText', () => {
  it('reads prices and measures as amounts', () => {
    for (const text of ['$200', 'R$ 19,99', 'Was: $23.52', '12x of $1.96 interest-free', '4.890 €', '86.1 M Ft', '901 571 Ft/m2', 'Km 203.000']) expect(amountText(text), text).toBe(true);
  });

  it('does not read names that hold a number as amounts', () => {
    for (const text of ['Red kayak, 2 paddles', 'Gift Card PlayStation Store R$400 - Digital Voucher Exclusive', '1.6 Turbo Sport', 'Road bike', 'Ladder 3 metres']) expect(amountText(text), text).toBe(false);
  });
});
