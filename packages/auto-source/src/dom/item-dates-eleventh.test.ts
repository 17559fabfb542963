import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, eleventh session: date shapes the item reader did not see or core misread, and a
// validity tooltip that is no date of the item, as small pages of our own.

const names = ['Two-room flat near the park with a new kitchen', 'Studio with balcony close to the station', 'Family house with garden and garage', 'Loft in the old mill by the river', 'Three rooms on the top floor with a lift', 'Small cottage at the edge of the forest'];

describe('date shapes of item rows', () => {
  it('reads a bracketed day.month. year after a badge, not the badge tooltip that says how long it is valid', async () => {
    const row = (index: number): string =>
      `<article class="offer"><h3><a href="/offers/${index}">${names[index]}</a></h3>` +
      `<div class="meta"> - <span title="TOP 20x Platí do 7.7. 2026" class="badge">TOP</span> - [${20 + index}.5. 2026]</div>` +
      `<p>A few words about the place number ${index}, its rooms and its street.</p></article>`;
    const items = await itemsOf(`<main>${names.map((_, index) => row(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2026-05-20', '2026-05-21', '2026-05-22', '2026-05-23', '2026-05-24', '2026-05-25']);
  });

  it('takes no date from a tooltip that says until when a badge is valid', async () => {
    const row = (index: number): string =>
      `<article class="offer"><h3><a href="/offers/${index}">${names[index]}</a></h3>` +
      `<div class="meta"><span title="TOP 20x Platí do 7.7. 2026" class="badge">TOP</span> ${index + 2} rooms</div>` +
      `<p>A few words about the place number ${index}, its rooms and its street.</p></article>`;
    const items = await itemsOf(`<main>${names.map((_, index) => row(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
  });

  it('reads a CJK month written in the English order with its own year', async () => {
    const card = (index: number): string =>
      `<article class="post"><h3><a href="/blog/${index}">${names[index]}</a></h3><div class="meta"><a href="/blog/2025/08/${19 - index}">8月 ${19 - index}, 2025</a></div><p>Some words of the post number ${index}.</p></article>`;
    const items = await itemsOf(`<main>${names.map((_, index) => card(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2025-08-19', '2025-08-18', '2025-08-17', '2025-08-16', '2025-08-15', '2025-08-14']);
  });

  it('reads a table cell of day, Cyrillic month and two-digit year joined by hyphens', async () => {
    const months = ['Сен', 'Авг', 'Авг', 'Июл', 'Июн', 'Май'];
    const row = (index: number): string =>
      `<tr><td class="category"><a href="/forum/${index}">Films</a></td><td class="title"><a href="/topic/${index}">${names[index]}</a></td>` +
      `<td class="size">${index + 1}.2 GB</td><td class="added"><p>${index + 2}-${months[index]}-21</p></td></tr>`;
    const items = await itemsOf(`<table><tbody>${names.map((_, index) => row(index)).join('')}</tbody></table>`);
    expect(items.map((item) => item.day)).toEqual(['2021-09-02', '2021-08-03', '2021-08-04', '2021-07-05', '2021-06-06', '2021-05-07']);
  });

  it('reads a dotted range of days as its first day', async () => {
    const ranges = ['18.-20.11.2025', '25.11.2025', '2.-4.12.2025', '9.-10.12.2025', '11.12.2025', '15.-19.12.2025'];
    const card = (index: number): string =>
      `<a class="event" href="/events/${index}"><span class="type">Course</span><h3>${names[index]}</h3><span class="when">${ranges[index]}</span></a>`;
    const items = await itemsOf(`<main>${names.map((_, index) => card(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2025-11-18', '2025-11-25', '2025-12-02', '2025-12-09', '2025-12-11', '2025-12-15']);
  });
});

describe('a date inside quoted running text', () => {
  it('takes no date from the end of a snippet sentence that goes on after an emphasised word', async () => {
    const result = (index: number): string =>
      `<li class="result"><h2><a href="https://site${index}.example/page">${names[index]}</a></h2>` +
      `<div class="snippet">The guide compares what the operators offer in towns and villages and which modem to choose. ` +
      `It lists the tariffs of five providers, the speeds people measured at home and on the road, and the coverage maps of each region. ` +
      `Mobile <b>internet</b>. ${index + 4} Июл, 2019.</div></li>`;
    const items = await itemsOf(`<ul class="results">${names.map((_, index) => result(index)).join('')}</ul>`);
    expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
  });

  it('still reads a labelled date that stands as a text of its own after the author link', async () => {
    const post = (index: number): string =>
      `<li class="post"><h2><a href="/posts/${index}">${names[index]}</a></h2>` +
      `<div class="byline"><a href="/users/${index}">author${index}</a> Posted ${index + 4} July 2019 <span class="views">${index * 13 + 40} views</span> and a few more words of the teaser here.</div></li>`;
    const items = await itemsOf(`<ul class="posts">${names.map((_, index) => post(index)).join('')}</ul>`);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2019-07-${String(index + 4).padStart(2, '0')}`));
  });

  it('still reads a date that follows a short row after its title and kind', async () => {
    const row = (index: number): string => `<li><a href="details?id=${index}">${names[index]}</a>, <em>media release</em>, April ${24 - index}, 2013</li>`;
    const items = await itemsOf(`<ul>${names.map((_, index) => row(index)).join('')}</ul>`);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2013-04-${String(24 - index).padStart(2, '0')}`));
  });
});

describe('a count beside a year-less date', () => {
  it('reads "Dec 16" and not a count after it as a two-digit year', async () => {
    const counts = [89, 74, 52, 61, 33, 95];
    const card = (index: number): string =>
      `<article class="story"><a href="/p/story-${index}"><h2>${names[index]}</h2><h3>What the story is about, number ${index}.</h3></a>` +
      `<div class="footer"><span>Dec ${16 - index}</span><div class="claps"><a href="/p/story-${index}/claps">${counts[index]}</a></div></div></article>`;
    const items = await itemsOf(`<main>${names.map((_, index) => card(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2025-12-${String(16 - index).padStart(2, '0')}`));
  });
});
