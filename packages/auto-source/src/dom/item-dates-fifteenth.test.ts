import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, fifteenth session: dates as a person reads them, and no date from what describes
// something else; small pages of our own.

const names = ['Warehouse assistant', 'Store manager', 'Delivery driver', 'Office clerk', 'Line cook'];

describe('a Korean month/day with its weekday', () => {
  // Registration days of 2025 with their weekdays (Tuesday, Monday, Thursday, Monday, Monday).
  const posted = ['11/11(화)', '10/27(월)', '10/30(목)', '11/03(월)', '11/10(월)'];
  const wanted = ['2025-11-11', '2025-10-27', '2025-10-30', '2025-11-03', '2025-11-10'];

  it('reads "11/11(화) 등록" beside its closing day as the posting day, in the year its weekday names', async () => {
    const card = (index: number): string =>
      `<li class="card"><a href="/job/${index}"><strong>${names[index]}</strong></a><div class="company">Company ${index}</div>` +
      `<div class="dates"><span>${posted[index]} 등록</span><span>•</span><span>12/1${index}(목) 마감</span></div></li>`;
    const items = await itemsOf(`<ul>${names.map((_, index) => card(index)).join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(names);
    expect(items.map((item) => item.day)).toEqual(wanted);
  });

  it('gives no date from a closing day alone ("12/11(목) 마감")', async () => {
    const card = (index: number): string =>
      `<li class="card"><a href="/job/${index}"><strong>${names[index]}</strong></a><div class="company">Company ${index}</div>` +
      `<div class="dates"><span>12/1${index}(목) 마감</span></div></li>`;
    const items = await itemsOf(`<ul>${names.map((_, index) => card(index)).join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(names);
    expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
  });
});

describe('a box shown only on hover', () => {
  const films = ['The Long Voyage', 'Paper Moons', 'Night Train', 'Salt and Stone', 'Open Water'];

  it('gives no date from the release day in a poster\'s hover panel', async () => {
    const card = (index: number): string =>
      `<dd><div class="film-card"><a href="/films/${index}"><img src="/p${index}.jpg" alt=""></a>` +
      `<div class="film-card-hover"><a href="/films/${index}"><div class="hover-line">Genre: drama</div>` +
      `<div class="hover-line"><span class="hover-label">Release:</span> 2020-08-1${index}</div></a></div></div>` +
      `<div class="film-title"><a href="/films/${index}">${films[index]}</a></div><div class="rating">8.${index}</div></dd>`;
    const body = `<dl class="films">${films.map((_, index) => card(index)).join('')}</dl>`;
    const items = await itemsOf(body);
    expect(items.map((item) => item.title)).toEqual(films);
    expect(items.map((item) => item.day)).toEqual(films.map(() => undefined));
    // On by default; `hoverBoxes: false` reads the panel's date as before.
    expect((await itemsOf(body, { hoverBoxes: false })).map((item) => item.day)).toEqual(films.map((_, index) => `2020-08-1${index}`));
  });

  it('keeps a date shown on the card beside such a panel, and a date in an element with a hover effect', async () => {
    const card = (index: number): string =>
      `<dd><div class="film-card"><a href="/films/${index}"><img src="/p${index}.jpg" alt=""></a>` +
      `<div class="film-card-hover"><a href="/films/${index}"><div>Release: 2020-08-1${index}</div></a></div></div>` +
      `<div class="film-title"><a href="/films/${index}">${films[index]}</a></div><div class="added link-hover">Added 3 March 202${index}</div></dd>`;
    const items = await itemsOf(`<dl class="films">${films.map((_, index) => card(index)).join('')}</dl>`);
    expect(items.map((item) => item.day)).toEqual(films.map((_, index) => `202${index}-03-03`));
  });

  it('keeps the date of a hover-classed box that repeats nothing of the card (a poster\'s own byline card)', async () => {
    const row = (index: number): string =>
      `<div class="question"><h3><a href="/q/${index}">${films[index]}</a></h3><p>Some words about question ${index}.</p>` +
      `<div class="user-info user-hover"><span class="asked">asked Mar ${index + 3}, 2014</span><a href="/users/${index}">user${index}</a></div></div>`;
    const items = await itemsOf(`<main>${films.map((_, index) => row(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(films.map((_, index) => `2014-03-0${index + 3}`));
  });
});
