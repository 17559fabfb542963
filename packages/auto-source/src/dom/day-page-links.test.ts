import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';

// Every page here is written for the test (tenth session: rows whose chosen link is the date cell's
// link to that day's page, or to a time converter, while each row has its own item link).
const OPPONENTS = ['Harbour City', 'Northfield', 'Lakeside', 'Meridian', 'Summit Valley', 'Riverton', 'Oak Bay', 'Westmoor'];
const DAYS = ['2024-04-02', '2024-04-04', '2024-04-05', '2024-04-07', '2024-04-08', '2024-04-10', '2024-04-12', '2024-04-13'];
const MONTH_DAY = (day: string) => `Apr ${Number(day.slice(8))}`;

async function extract(body: string, url: string, options: { dayPageLinks?: boolean } = {}) {
  return createAutoSource(options).extract(page(`<!doctype html><html><body><main><h1>Season schedule</h1>${body}</main></body></html>`, url), context());
}

/** A season schedule: each game's date cell links to the day's scores, its "Box score" to the game. */
const schedule = (cells: (n: number) => string) => `<table class="games"><thead><tr><th>Date</th><th>Opponent</th><th></th><th>Result</th></tr></thead><tbody>${DAYS.map((_, n) => `<tr>${cells(n)}</tr>`).join('')}</tbody></table>`;

describe('rows whose chosen link leads to their day\u2019s page', () => {
  it('gives each game its box score link over the date cell\u2019s link to all games of that day (opponents repeat)', async () => {
    const body = schedule((n) => `<td><a href="/scores/?date=${DAYS[n]}">Tuesday, ${MONTH_DAY(DAYS[n]!)}, 2024</a></td><td><a href="/teams/${OPPONENTS[n % 3]!.replace(' ', '-').toLowerCase()}/2024.html">${OPPONENTS[n % 3]}</a></td><td><a href="/games/${9100 + n}/box-score">Box score</a></td><td>W ${3 + n}-2</td>`);
    const { items } = await extract(body, 'https://league.test/teams/home-club/2024-schedule');
    expect(items.map((item) => item.url)).toEqual(DAYS.map((_, n) => `https://league.test/games/${9100 + n}/box-score`));
    // Switched off, the rows keep the days' pages.
    const off = await extract(body, 'https://league.test/teams/home-club/2024-schedule', { dayPageLinks: false });
    expect(off.items.map((item) => item.url)).toEqual(DAYS.map((day) => `https://league.test/scores/?date=${day}`));
  });

  it('tells table cells apart by their order when all their links sit at one path', async () => {
    const body = schedule((n) => `<td class="cell"><a href="/scores/?date=${DAYS[n]}">${MONTH_DAY(DAYS[n]!)}</a></td><td class="cell"><a href="/games/${DAYS[n]!.replace(/-/g, '')}-${n}.html">recap</a></td><td class="cell"><a href="/teams/${n % 2 === 0 ? 'harbour' : 'lakeside'}.html">${n % 2 === 0 ? 'Harbour City' : 'Lakeside'}</a></td><td>L 1-${4 + n}</td>`);
    const { items } = await extract(body, 'https://league.test/teams/home-club/2024-schedule');
    expect(items.map((item) => item.url)).toEqual(DAYS.map((day, n) => `https://league.test/games/${day.replace(/-/g, '')}-${n}.html`));
    const off = await extract(body, 'https://league.test/teams/home-club/2024-schedule', { dayPageLinks: false });
    expect(off.items.map((item) => item.url)).toEqual(DAYS.map((day) => `https://league.test/scores/?date=${day}`));
  });

  it('takes the contest over the time converter linked from its start time on another site', async () => {
    const body = `<table class="contests"><tbody>${DAYS.map((day, n) => `<tr><td><a href="https://clock.example/fixedtime.html?iso=${day.replace(/-/g, '')}T${n % 2 ? '2100' : '1200'}&amp;p1=248">${day} ${n % 2 ? '21' : '12'}:00:00+0900</a></td><td><a href="/contests/round${300 - n}">Weekly Round ${300 - n}</a></td><td>100 min</td></tr>`).join('')}</tbody></table>`;
    const { items } = await extract(body, 'https://judge.test/contests/archive');
    expect(items.map((item) => item.url)).toEqual(DAYS.map((_, n) => `https://judge.test/contests/round${300 - n}`));
    const off = await extract(body, 'https://judge.test/contests/archive', { dayPageLinks: false });
    expect(off.items.map((item) => item.url)).toEqual(DAYS.map((day, n) => `https://clock.example/fixedtime.html?iso=${day.replace(/-/g, '')}T${n % 2 ? '2100' : '1200'}&p1=248`));
  });
});

describe('rows whose day link is their own', () => {
  it('keeps daily digests over their PDFs, which are pages of the same day', async () => {
    const body = `<ul class="digests">${DAYS.map((day) => `<li><a href="/digest/${day}">Digest of ${MONTH_DAY(day)}</a> <a href="/files/digest-${day}.pdf">PDF</a></li>`).join('')}</ul>`;
    const { items } = await extract(body, 'https://news.test/digests');
    expect(items.map((item) => item.url)).toEqual(DAYS.filter((day, n) => DAYS.indexOf(day) === n).map((day) => `https://news.test/digest/${day}`));
  });

  it('keeps blog posts whose date links are their permalinks', async () => {
    const body = DAYS.map((day, n) => `<article><h2><a href="/${day.replace(/-/g, '/')}/post-${n}">${MONTH_DAY(day)}, 2024</a></h2><p>Notes on the garden, part ${n + 1}.</p><a href="/tag/garden">garden</a></article>`).join('');
    const { items } = await extract(body, 'https://blog.test/');
    expect(items.map((item) => item.url)).toEqual(DAYS.map((day, n) => `https://blog.test/${day.replace(/-/g, '/')}/post-${n}`));
  });
});
