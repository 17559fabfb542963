import { describe, expect, it } from 'vitest';
import { itemsOf, TEST_NOW } from '../test-support/helpers.js';
import { settleDayMonthOrder } from './day-month-order.js';
import { dropForeignTitleDates, dropLoneDates } from './foreign-dates.js';

// Issue 17, eighth session: item-date shapes written as small pages of our own (the build clock of
// these tests is 2026-11-26).

const words = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'];

describe('a date that markup declares (RDFa content)', () => {
  const row = (index: number, start: string, tooltip: string): string =>
    `<li><div class="broadcast"><h3 class="time" property="dc:date" datatype="xsd:dateTime" content="${start}"><span>0${index}:00</span></h3>` +
    `<div class="programme"><a class="play" href="https://example.org/play/${index}" title="${tooltip}">Play</a>` +
    `<h4><a href="/programmes/${index}">${words[index]} in the mix</a></h4><p>Two hours of ${words[index]} records.</p></div></div></li>`;

  it('dates a schedule row by its heading\'s RDFa start, not by a play button\'s availability tooltip', async () => {
    const rows = [0, 1, 2, 3].map((index) => row(index, `2021-01-23T0${index}:00:00+00:00`, `29 days left to listen (Mon 22 February 2021, 0${index + 2}:00)`));
    const items = await itemsOf(`<ol class="schedule">${rows.join('')}</ol>`);
    expect(items.map((item) => item.title)).toEqual(words.slice(0, 4).map((word) => `${word} in the mix`));
    expect(items.map((item) => item.day)).toEqual(['2021-01-23', '2021-01-23', '2021-01-23', '2021-01-23']);
  });

  it('reads a span\'s RDFa date content in a card', async () => {
    const cards = [0, 1, 2].map((index) => `<div class="event"><h3><a href="/events/${index}">${words[index]} hearing on the budget</a></h3><span property="dc:date" content="2021-03-1${index}T10:00:00-07:00">Upcoming</span><p>Room ${index}, city hall annex.</p></div>`);
    const items = await itemsOf(`<main>${cards.join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2021-03-10', '2021-03-11', '2021-03-12']);
  });

  it('does not read a content attribute that declares no date', async () => {
    const cards = [0, 1, 2].map((index) => `<div class="event"><h3><a href="/events/${index}">${words[index]} hearing on the budget</a></h3><span property="dc:identifier" content="2021-03-1${index}">ref</span><p>Room ${index}, city hall annex.</p></div>`);
    const items = await itemsOf(`<main>${cards.join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual([undefined, undefined, undefined]);
  });
});

describe('day labels over cards of links', () => {
  const card = (index: number): string => `<div class="card"><a class="match" href="/m/${index}"><span class="time">7:30 PM</span><span class="teams">${words[index]} against ${words[index + 1]}</span></a></div>`;

  it('dates the cards under each day label even when a tab bar of links opens the block', async () => {
    const tabs = '<div class="tabs"><a href="/matches">Schedule</a><a href="/matches/results">Results</a></div>';
    const html = `<div class="col">${tabs}<div class="label">Sun, June 7, 2026</div>${card(0)}${card(1)}<div class="label">Mon, June 8, 2026</div>${card(2)}${card(3)}</div>`;
    const items = (await itemsOf(html)).filter((item) => item.title?.includes(' against '));
    expect(items.map((item) => item.day)).toEqual(['2026-06-07', '2026-06-07', '2026-06-08', '2026-06-08']);
  });

  it('keeps a date row after a title row with the item above it (rows that open with an item)', async () => {
    const rows = [0, 1, 2, 3].map((index) => `<div class="title"><a href="/p/${index}">${words[index]} post about the garden</a></div><div class="meta">1${index} March 2019</div>`);
    const items = await itemsOf(`<div class="list">${rows.join('')}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2019-03-10', '2019-03-11', '2019-03-12', '2019-03-13']);
  });
});

describe('the day/month order of a list with two-digit years', () => {
  const posts = (dates: readonly string[]): string =>
    `<main>${dates.map((date, index) => `<div class="post"><span class="date">${date}</span><h2><a href="/press/${index}">${words[index]} introduces a bill on waste</a></h2><p>Summary ${index}.</p></div>`).join('')}</main>`;

  it('reads "05.12.15" month first when another date of the list ("05.19.15") can only be', async () => {
    const items = await itemsOf(posts(['05.19.15', '05.18.15', '05.12.15', '05.11.15', '05.08.15']));
    expect(items.map((item) => item.day)).toEqual(['2015-05-19', '2015-05-18', '2015-05-12', '2015-05-11', '2015-05-08']);
  });

  it('does not take a first part over 12 with a two-digit year as proof of day first (it may be the year)', () => {
    const drafts = [{ published_at: '22/09/24' }, { published_at: '22/09/21' }, { published_at: '05/08/21' }];
    settleDayMonthOrder(drafts, TEST_NOW);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['22/09/24', '22/09/21', '05/08/21']);
  });

  it('rewrites a proven month-first list with the century of each two-digit year', () => {
    const drafts = [{ published_at: '05.19.15' }, { published_at: '12.05.98' }, { published_at: 'Posted 05.12.15' }];
    settleDayMonthOrder(drafts, TEST_NOW);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2015-05-19', '1998-12-05', 'Posted 2015-05-12']);
  });
});

describe('Portuguese and Romance abbreviated months', () => {
  const teasers = (dates: readonly string[]): string =>
    `<main>${dates.map((date, index) => `<div class="teaser"><h3><a href="/noticias/${index}">${words[index]} vence a final do torneio</a></h3><p>Resumo da notícia ${index}.</p><p class="data">${date}</p></div>`).join('')}</main>`;

  it('reads "8 setembro, 2012" and "12 outubro, 2012"', async () => {
    const items = await itemsOf(teasers(['8 setembro, 2012', '7 setembro, 2012', '12 outubro, 2012', '3 dezembro, 2012']));
    expect(items.map((item) => item.day)).toEqual(['2012-09-08', '2012-09-07', '2012-10-12', '2012-12-03']);
  });

  it('reads "30 Dic 2010" and "15 Ago 2011"', async () => {
    const items = await itemsOf(teasers(['30 Dic 2010', '27 Dic 2010', '15 Ago 2011', '1 Feb 2011']));
    expect(items.map((item) => item.day)).toEqual(['2010-12-30', '2010-12-27', '2011-08-15', '2011-02-01']);
  });

  it('dates the links under a Portuguese day heading ("05 de setembro") with the list\'s year', async () => {
    const links = [0, 1, 2, 3].map((index) => `<li><a href="/n/${index}"><em>21h5${index}</em> <strong>${words[index]} anuncia novo plano de governo</strong></a></li>`);
    const items = await itemsOf(`<div class="list"><h2>05 de setembro de 2012</h2><ol>${links.join('')}</ol></div>`);
    expect(items.map((item) => item.day)).toEqual(['2012-09-05', '2012-09-05', '2012-09-05', '2012-09-05']);
  });
});

describe('a neighbour\'s headline is not an item\'s date (dropForeignTitleDates)', () => {
  const promos = ['Watch the full replay of the final at the stadium site.', 'Returns Tuesday Feb 25 after the break. Watch full episodes online.', 'Meet the first guests of the new late show this week!'];

  it('drops a date text that holds another item\'s title', () => {
    const drafts = promos.map((title) => ({ title, published_at: 'Returns Tuesday Feb 25 after the break. Watch full episodes online.' as string | undefined }));
    dropForeignTitleDates(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual([undefined, promos[1], undefined]);
  });

  it('keeps dates of a list whose titles are their dates, and short titles inside longer dates', () => {
    const drafts = [{ title: 'Board meeting of May 6, 2021', published_at: 'Board meeting of May 6, 2021' }, { title: 'Board meeting of May 6, 2021', published_at: 'Board meeting of May 6, 2021' }, { title: 'May 20', published_at: 'May 20' }, { title: 'Notes', published_at: 'Notes of May 20, 2021' }];
    dropForeignTitleDates(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['Board meeting of May 6, 2021', 'Board meeting of May 6, 2021', 'May 20', 'Notes of May 20, 2021']);
  });
});

describe('a lone date in a long list (dropLoneDates)', () => {
  const list = (count: number, dates: Record<number, string | Date>) => Array.from({ length: count }, (_unused, index) => ({ published_at: dates[index] as string | Date | undefined }));

  it('drops the only date text of a list of eight or more', () => {
    const drafts = list(10, { 9: 'Sunday, August 2, 2026' });
    dropLoneDates(drafts);
    expect(drafts.every((draft) => draft.published_at === undefined)).toBe(true);
  });

  it('counts only texts core reads as dates ("Today\'s lead story" is none)', () => {
    const drafts = list(12, { 3: 'Today’s lead story', 11: 'Sunday, August 2, 2026' });
    dropLoneDates(drafts, TEST_NOW);
    expect(drafts[11]!.published_at).toBeUndefined();
  });

  it('keeps it in a short list, beside another dated item, or beside a machine date', () => {
    const short = list(5, { 2: 'March 3, 2019' });
    const two = list(10, { 2: 'March 3, 2019', 5: 'March 1, 2019' });
    const machine = list(10, { 2: 'March 3, 2019', 5: new Date('2019-03-01T00:00:00Z') });
    for (const drafts of [short, two, machine]) dropLoneDates(drafts);
    expect(short[2]!.published_at).toBe('March 3, 2019');
    expect(two[2]!.published_at).toBe('March 3, 2019');
    expect(machine[2]!.published_at).toBe('March 3, 2019');
  });

  it('leaves a page whose list shows one date in a long list undated through auto-source', async () => {
    const rows = Array.from({ length: 9 }, (_unused, index) => `<li class="topic"><a href="/t/${index}">${words[index % 8]} topic number ${index} of the board</a><span class="by">by member${index}</span></li>`);
    rows[0] = rows[0]!.replace('</span>', ' · 1:25pm On Jan 22</span>');
    const items = await itemsOf(`<ul class="topics">${rows.join('')}</ul>`);
    expect(items).toHaveLength(9);
    expect(items.map((item) => item.day)).toEqual(Array.from({ length: 9 }, () => undefined));
  });
});
