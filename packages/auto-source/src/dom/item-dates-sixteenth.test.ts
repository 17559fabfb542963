import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';
import { completeYears } from './list-dates.js';

// Issue 17, sixteenth session: no date from what a label marks as something else (an entry
// deadline, a delivery promise, a deal's end, a film's release, the list's update), ranges read
// from their first day, Indonesian dates; small pages of our own.

const names = ['Spring Open', 'Club Cup', 'City Masters', 'Autumn Trophy', 'Winter Classic'];

describe('an entry list whose dates close the entries', () => {
  const table = (headers: readonly string[], cells: (index: number) => readonly string[]): string =>
    `<table><tr>${headers.map((header) => `<th>${header}</th>`).join('')}</tr>` +
    names.map((name, index) => `<tr><td>${index + 1}</td><td><a href="/list/${index}">${name}</a></td>${cells(index).map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('') +
    '</table>';

  it('gives no date from a "Registration closes" or "Meldeschluss" column, nor from a cut-off day', async () => {
    for (const headers of [['', 'Entry lists', 'Registration closes', 'Cut-off date'], ['', 'Meldelisten', 'Meldeschluss', 'Stichtag']]) {
      const items = await itemsOf(table(headers, (index) => [`1${index}.09.2025`, '01.01.2025']));
      expect(items.map((item) => item.title)).toEqual(names);
      expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
    }
  });

  it('still dates the rows of a "Date" column', async () => {
    const items = await itemsOf(table(['', 'Tournaments', 'Date'], (index) => [`1${index}.09.2025`]));
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2025-09-1${index}`));
  });
});

const products = ['Portable drive 1 TB', 'Portable drive 2 TB', 'Desktop drive 4 TB', 'Memory card 128 GB', 'USB stick 64 GB'];

describe('a shop card', () => {
  const cards = (extra: (index: number) => string): string =>
    `<div class="results">${products.map((name, index) =>
      `<div class="result"><h2><a href="/dp/${index}">${name}</a></h2><div class="price">${20 + index} €</div>${extra(index)}</div>`).join('')}</div>`;

  it('gives no date from a delivery promise without the word delivery ("Get it by Monday, February 8")', async () => {
    const items = await itemsOf(cards((index) =>
      `<div class="row"><span aria-label="Get it by Monday, February ${index + 8}"><span>Get it by </span><span class="bold">Monday, February ${index + 8}</span></span></div>`));
    expect(items.map((item) => item.title)).toEqual(products);
    expect(items.map((item) => item.day)).toEqual(products.map(() => undefined));
  });

  it('gives no date from a deal badge\'s countdown ("Ends in" with data-target-time), and takes a data-time of the card', async () => {
    const countdown = (index: number): string =>
      `<div class="badge"><span>Ends in </span><span class="timer" data-target-time="2026-04-0${index + 1}T18:29:59Z">03:00:1${index}</span></div>`;
    expect((await itemsOf(cards(countdown))).map((item) => item.day)).toEqual(products.map(() => undefined));
    const listed = (index: number): string => `<div class="listed" data-time="2026-03-0${index + 1}T10:00:00Z">listed</div>`;
    expect((await itemsOf(cards(listed))).map((item) => item.day)).toEqual(products.map((_, index) => `2026-03-0${index + 1}`));
  });
});

describe('a film board', () => {
  const films = ['Farewell Song', 'Quiet Harbour', 'The Red Kite', 'Long Night', 'Second Spring'];

  it('gives no date from a film\'s release ("上映时间：1993-01-01"), nor from the board\'s update line above it', async () => {
    const rows = films.map((film, index) =>
      `<dd><a href="/films/${index}" class="image-link"><img src="/p${index}.jpg" alt="${film}"></a>` +
      `<div class="item-main"><p class="name"><a href="/films/${index}">${film}</a></p><p class="star">主演：演员${index}</p>` +
      `<p class="releasetime">上映时间：199${index}-0${index + 1}-01</p><p class="score">9.${index}</p></div></dd>`).join('');
    const items = await itemsOf(`<div class="main"><p class="update-time">2019-05-23<span>已更新</span></p><p class="note">榜单规则</p><dl class="board">${rows}</dl></div>`);
    expect(items.map((item) => item.title)).toEqual(films);
    expect(items.map((item) => item.day)).toEqual(films.map(() => undefined));
  });
});

describe('run dates written as a range', () => {
  const shows = ['Ghost Stories', 'The Two Popes', 'Winter Songs', 'Swan Lake', 'Comedy Night'];

  it('reads a range whose year follows the last day as its first day in that year', async () => {
    const runs = ['Wed 8 Jan - Sat 11 Jan 2020', 'Tue 30 Dec - Sat 3 Jan 2015', 'Sun 12 Jan 2020', 'Mon 13 Jan 2020', 'Wed 15 Jan - Fri 17 Jan 2020'];
    const cards = shows.map((show, index) => `<div class="card"><h3><a href="/shows/${index}">${show}</a></h3><p class="when">${runs[index]}</p></div>`).join('');
    const items = await itemsOf(`<div class="shows">${cards}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2020-01-08', '2014-12-30', '2020-01-12', '2020-01-13', '2020-01-15']);
  });

  it('gives a year-less range with a weekday on each side the year of its first day\'s weekday', async () => {
    // 2020: 5 January a Sunday, 6 January a Monday, 11 January a Saturday, 13 January a Monday, 14 January a Tuesday.
    const runs = ['Sun 5 Jan - Sun 2 Feb', 'Mon 6 Jan - Fri 21 Feb', 'Sat 11 Jan - Sat 28 Mar', 'Mon 13 Jan - Mon 23 Mar', 'Tue 14 Jan - Tue 31 Mar'];
    const cards = shows.map((show, index) => `<div class="card"><h3><a href="/shows/${index}">${show}</a></h3><p class="when">${runs[index]}</p></div>`).join('');
    const items = await itemsOf(`<div class="shows">${cards}</div><footer><p>© 2020 The Theatre</p></footer>`);
    expect(items.map((item) => item.day)).toEqual(['2020-01-05', '2020-01-06', '2020-01-11', '2020-01-13', '2020-01-14']);
  });
});

describe('Indonesian dates', () => {
  it('reads the tooltip\'s full date behind "7 menit yang lalu"', async () => {
    const headlines = ['Harga beras naik', 'Jalan tol baru dibuka', 'Banjir di kota', 'Tim nasional menang', 'Sekolah libur'];
    const cards = headlines.map((headline, index) =>
      `<article><h3><a href="/berita/${index}">${headline}</a></h3><div class="media-date"><span title="Jumat, 0${index + 1} Okt 2024 19:3${index} WIB">${index + 7} menit yang lalu</span></div></article>`).join('');
    const items = await itemsOf(`<div class="list">${cards}</div>`);
    expect(items.map((item) => item.title)).toEqual(headlines);
    expect(items.map((item) => item.day)).toEqual(headlines.map((_, index) => `2024-10-0${index + 1}`));
  });
});

describe('a neighbour\'s year', () => {
  it('is not a sum in a snippet ("报价2000万英镑", twenty million pounds)', () => {
    const drafts = [{ published_at: '每日邮报 9月6日' }, { published_at: '虎扑9月7日讯 曼城将在明年1月报价，但金额只有2000万英镑。' }, { published_at: '每日镜报 9月4日' }];
    completeYears(drafts, new Date('2026-11-26T12:00:00Z'));
    expect(drafts.map((draft) => /(?:19|20)\d{2}年/.exec(String(draft.published_at))?.[0])).toEqual([undefined, undefined, undefined]);
  });
});
