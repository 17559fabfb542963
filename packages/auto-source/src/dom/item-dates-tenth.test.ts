import { describe, expect, it } from 'vitest';
import { ROW_TEXTS, itemsOf } from '../test-support/helpers.js';

// Issue 17, tenth session: dates that are not the item's (a delivery promise, a last-activity
// link, a weekday the neighbour's year contradicts), as small pages of our own (the build clock
// of these tests is 2026-11-26).

const products = ['Garden hose with brass fittings', 'Folding camping chair in green', 'Cast iron skillet, ten inch', 'Insulated lunch box for two'];

describe("a delivery promise is not the item's date", () => {
  const card = (index: number, released: string | undefined): string =>
    `<div class="result"><div class="name"><a href="/p/${index}">${products[index]}</a>${released ? ` <span class="edition">(Hardcover - ${released})</span>` : ''}</div>` +
    `<div class="price">$${index + 10}.99</div>` +
    `<div class="fast"><span class="promise">Get it by <span class="deliveryDate">Tuesday, Oct 7</span></span> if you order in the next 5 hours and choose express shipping.</div></div>`;

  it("skips a date-classed delivery day inside a shipping sentence and keeps the card's own date", async () => {
    const released = ['Feb 21, 2006', 'Sep 25, 2007', 'Oct 25, 2004', 'Jun 26, 2007'];
    const items = await itemsOf(`<main>${products.map((_, index) => card(index, released[index])).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2006-02-21', '2007-09-25', '2004-10-25', '2007-06-26']);
  });

  it('leaves a card undated when the delivery day is its only date', async () => {
    const items = await itemsOf(`<main>${products.map((_, index) => card(index, undefined)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('a date that links to the last activity', () => {
  const question = (index: number, started: string): string =>
    `<div class="question"><div class="counts"><span>${index} votes</span> <span>${index + 1} answers</span></div>` +
    `<h3><a href="/questions/${100 + index}/topic-${index}">${products[index]} question</a></h3>` +
    `<div class="started">${started} <a href="/users/${index}">user${index}</a> <span class="rep">${index * 7 + 3}</span></div></div>`;

  it('takes no date from an age whose link goes to the last activity, and keeps the asked dates', async () => {
    const rows = [
      question(0, '<a href="/questions/100/topic-0" class="started-link">asked <span title="2015-08-07 10:09:32Z">51 secs ago</span></a>'),
      question(1, '<a href="/questions/101/topic-1/?lastactivity" class="started-link">modified <span title="2015-08-06 09:00:00Z">55 secs ago</span></a>'),
      question(2, '<a href="/questions/102/topic-2" class="started-link">asked <span title="2015-08-05 08:00:00Z">1 min ago</span></a>'),
      question(3, '<a href="/questions/103/topic-3" class="started-link">asked <span title="2015-08-04 07:00:00Z">2 mins ago</span></a>'),
    ];
    const items = await itemsOf(`<main>${rows.join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2015-08-07', undefined, '2015-08-05', '2015-08-04']);
  });
});

describe("a weekday the neighbour's year contradicts", () => {
  it('does not give "Monday, Oct 6" the year of a list neighbour in which it is no Monday', async () => {
    const rows = [
      '<li><a href="/e/1">Harbour lights walk</a> <span class="when">Monday, Oct 6</span></li>',
      '<li><a href="/e/2">Autumn seed swap</a> <span class="when">Monday, Oct 6</span></li>',
      '<li><a href="/e/3">Night sky talk</a> <span class="when">Tuesday, Jul 26, 2005</span></li>',
    ];
    const items = await itemsOf(`<ul>${rows.join('')}</ul>`);
    // 6 October 2005 was a Thursday; the weekday gives the nearest year in which it is a Monday.
    expect(items.map((item) => item.day)).toEqual(['2025-10-06', '2025-10-06', '2005-07-26']);
  });
});

describe("a forum's day.month.two-digit-year", () => {
  it("reads '07.12.24 09:49' in a row's cell as 7 December 2024, not as a version number", async () => {
    const rows = [['Hay prices this winter', '07.12.24 09:49'], ['Farrier recommendations', '04.12.24 13:56'], ['Stable for rent in the north', '02.12.24 09:13'], ['Winter blankets', '01.12.24 13:01']];
    const table = rows.map(([title, when], index) => `<tr><td class="title"><a href="read.php?t=${index + 10}">${title}</a></td><td>user${index}</td><td>${index + 2}</td><td>${when}&nbsp;</td></tr>`).join('');
    const items = await itemsOf(`<table><tr><th>Topic</th><th>Author</th><th>Replies</th><th>Date</th></tr>${table}</table>`);
    expect(items.map((item) => item.day)).toEqual(['2024-12-07', '2024-12-04', '2024-12-02', '2024-12-01']);
  });

  it('still takes no date from a version number', async () => {
    const rows = ROW_TEXTS.slice(0, 5).map((title, index) => `<li><a href="/r/${index}">${title}</a> <span class="v">22.04.${index + 1}</span></li>`);
    const items = await itemsOf(`<ul>${rows.join('')}</ul>`);
    expect(items.map((item) => item.day)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe("a year-less day whose link holds the post's Unix time", () => {
  const row = (id: number, day: string, index: number): string =>
    `<div class="r-ent"><div class="nrec">${index + 3}</div><div class="title"><a href="/bbs/Board/M.${id}.A.${100 + index}.html">${ROW_TEXTS[index]}</a></div><div class="meta"><div class="date"> ${day}</div><div class="author">user${index}</div></div></div>`;

  it('takes the year of the id that falls on the shown day', async () => {
    // 1499790734 is 2017-07-11 16:32 UTC, 12 July in East Asia; 1499900000 is 2017-07-12 22:53 UTC.
    const rows = [row(1499790734, '7/12', 0), row(1499817685, '7/12', 1), row(1499900000, '7/13', 2), row(1499990000, '7/14', 3)];
    const items = await itemsOf(`<div class="r-list-container">${rows.join('')}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2017-07-12', '2017-07-12', '2017-07-13', '2017-07-14']);
  });

  it('ignores a number in the link that does not fall on the shown day', async () => {
    const rows = [row(1499790734, '3/02', 0), row(1499817685, '3/03', 1), row(1499900000, '3/04', 2)];
    const items = await itemsOf(`<div class="r-list-container">${rows.join('')}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
  });
});

describe('a schedule row whose whole short text holds the date among its cells', () => {
  it('reads the date cell when the row text as a whole is no date core can read', async () => {
    const games = [['Sep 2, 2017', 'Florida', 33, 17], ['Sep 9, 2017', 'Cincinnati', 36, 14], ['Sep 16, 2017', 'Air Force', 29, 13], ['Sep 23, 2017', 'Purdue', 28, 10]] as const;
    const rows = games.map(([day, opponent, points, against], index) => `<tr><th>${index + 1}</th><td><a href="/box/${index}.html">${day}</a></td><td>3:30 PM</td><td>Sat</td><td>${opponent}</td><td>W</td><td>${points}</td><td>${against}</td></tr>`);
    const items = await itemsOf(`<table><tr><th>G</th><th>Date</th><th>Time</th><th>Day</th><th>Opponent</th><th></th><th>Pts</th><th>Opp</th></tr>${rows.join('')}</table>`);
    expect(items.map((item) => item.day)).toEqual(['2017-09-02', '2017-09-09', '2017-09-16', '2017-09-23']);
  });
});
