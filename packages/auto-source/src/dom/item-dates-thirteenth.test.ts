import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, thirteenth session: numbers that are not dates; small pages of our own.

const names = ['Quiet room near the park', 'Bright flat with a balcony', 'Studio by the river', 'Shared flat for students', 'Room in a family house'];

describe('numbers that are not dates', () => {
  it('reads no date from a title (or its tooltip) listing four numbers joined by slashes', async () => {
    const row = (index: number): string => {
      const title = `${names[index]}, near lines 3/4/7/1${index}`;
      return `<tr><td class="title"><a href="/topic/${index}" title="${title}">${title}</a></td><td><a href="/people/${index}">member${index}</a></td><td>${index + 2}</td></tr>`;
    };
    const items = await itemsOf(`<table>${names.map((_, index) => row(index)).join('')}</table>`);
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
  });

  it('still reads the date of a row whose title lists such numbers', async () => {
    const row = (index: number): string =>
      `<tr><td><a href="/topic/${index}">${names[index]}, near lines 3/4/7/13</a></td><td>member${index}</td><td>${10 + index} March 2024</td></tr>`;
    const items = await itemsOf(`<table>${names.map((_, index) => row(index)).join('')}</table>`);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2024-03-${10 + index}`));
  });
});

describe('dates a person reads beside the title', () => {
  it('reads a Greek weekday date in a card', async () => {
    const days = ['Παρασκευή, 01 Αυγ 2025', 'Πέμπτη, 31 Ιουλ 2025', 'Τετάρτη, 30 Ιουλ 2025', 'Τρίτη, 29 Ιουλ 2025', 'Δευτέρα, 28 Ιουλ 2025'];
    const card = (index: number): string =>
      `<div class="result"><div class="photo"><a href="/ad/${index}"><img src="/p${index}.jpg" alt=""></a><p>${days[index]}</p></div>` +
      `<div class="summary"><h3><a href="/ad/${index}">${names[index]}</a></h3><p>A few words about the offer number ${index}.</p></div></div>`;
    const items = await itemsOf(`<main>${names.map((_, index) => card(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2025-08-01', '2025-07-31', '2025-07-30', '2025-07-29', '2025-07-28']);
  });

  it("with buttonLinks, reads the card's date beside a content block that also holds a link to nowhere (a script's button)", async () => {
    const card = (index: number): string =>
      `<li class="entry"><div class="rank">${index + 1}</div><div class="media"><p class="when"><span>2018/10/1${index} 19:00</span> posted</p>` +
      `<a href="/watch/${index}"><img src="/t${index}.jpg" alt=""></a></div>` +
      `<div class="content"><p class="name"><a href="/watch/${index}">${names[index]}</a></p><p>Notes on the clip number ${index}.</p>` +
      `<ul><li>Views 1,20${index}</li><li>Lists <a href="/lists/${index}">3${index}</a></li><li style="display:none">Ads <a href="#">-</a></li></ul></div></li>`;
    const body = `<ul>${names.map((_, index) => card(index)).join('')}</ul>`;
    const items = await itemsOf(body, { buttonLinks: true });
    expect(items.map((item) => item.title)).toEqual(names);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2018-10-1${index}`));
    // Off by default (it moves one repository of the development pages): the button counts as a link.
    expect((await itemsOf(body)).map((item) => item.day)).toEqual(names.map(() => undefined));
  });
});
