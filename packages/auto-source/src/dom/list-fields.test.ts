import { describe, expect, it } from 'vitest';
import type { ItemDraft } from '@pagefeed/core';
import { parseTime } from '@pagefeed/core';
import { domHeuristics } from '../scrapers/dom-heuristics.js';
import { TEST_NOW, context, itemsOf, page } from '../test-support/helpers.js';
import { dropRankNumbers, titleDate } from './list-fields.js';

// Issue 17, fifth session: fields only the whole list settles — rank numbers before the titles and
// dates written in the titles.

const drafts = (titles: string[]): ItemDraft[] => titles.map((title) => ({ title }));

describe('rank numbers before the titles', () => {
  it('drops "1. ", "2 " … when three numbered items in a row count up', () => {
    const list = drafts(['Sponsored: Compare offers', '1 First result title', '2 Second result title', '3 Third result title', '4. Fourth one', 'Related search']);
    dropRankNumbers(list);
    expect(list.map((draft) => draft.title)).toEqual(['Sponsored: Compare offers', 'First result title', 'Second result title', 'Third result title', 'Fourth one', 'Related search']);
  });

  it('keeps a number that is part of the headline after the rank ("1. 17 Portland Drive")', () => {
    const list = drafts(['1. 17 Portland Drive, Newcastle', '2. Templeathea, Athea', '3. 16 Laverna Dale, Dublin 15']);
    dropRankNumbers(list);
    expect(list.map((draft) => draft.title)).toEqual(['17 Portland Drive, Newcastle', 'Templeathea, Athea', '16 Laverna Dale, Dublin 15']);
  });

  it('keeps listicle numbers that do not count up, and runs shorter than three', () => {
    const listicles = drafts(['7 Ways to cook rice', '10 Things to know', '3 Reasons to run', '5 Tips for sleep']);
    dropRankNumbers(listicles);
    expect(listicles[0]!.title).toBe('7 Ways to cook rice');
    const short = drafts(['1 Headline one', '2 Headline two', 'Another headline', '9 Things nobody says']);
    dropRankNumbers(short);
    expect(short[0]!.title).toBe('1 Headline one');
  });

  it('leaves version numbers and dates alone ("1.2 released")', () => {
    const list = drafts(['1.2 released', '1.3 released', '1.4 released']);
    dropRankNumbers(list);
    expect(list[0]!.title).toBe('1.2 released');
  });

  it('reads a ranked result page end to end', async () => {
    const results = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((word, index) => `<li class="serp-item"><h2><a href="https://site${index}.test/${word}"><span class="num">${index + 1}</span> ${word} result title here</a></h2><p>Snippet about ${word} and more text to read.</p></li>`);
    const items = await itemsOf(`<ul class="results">${results.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(['Alpha result title here', 'Bravo result title here', 'Charlie result title here', 'Delta result title here', 'Echo result title here']);
  });
});

describe('dates written in the titles', () => {
  it('finds a full date in a title, not a month alone or a day without a year', () => {
    expect(titleDate('Board Agenda - June 20, 2019')?.text).toBe('June 20, 2019');
    expect(titleDate('DECEMBER 16, 2020 DDA BOARD MEETING MINUTES')?.text).toBe('DECEMBER 16, 2020');
    expect(titleDate('2023-03-22 (3.41.2)')?.text).toBe('2023-03-22');
    expect(titleDate('Agenda 1-22-19')?.dashed).toEqual([1, 22, 19]);
    expect(titleDate('January Agenda 2019')).toBeUndefined();
    expect(titleDate('Minutes of May 6')).toBeUndefined();
    expect(titleDate('Version 3.41.2 released')).toBeUndefined();
  });

  it('dates meeting documents by the day their titles name', async () => {
    const rows = ['June 20, 2019', 'May 16, 2019', 'June 6, 2019', 'May 2, 2019'].map((day, index) => `<li><a href="/docs/agenda-${index}.pdf">Board Agenda - ${day}</a></li>`);
    const items = await itemsOf(`<ul class="documents">${rows.join('')}</ul>`);
    expect(items.map((item) => item.day)).toEqual(['2019-06-20', '2019-05-16', '2019-06-06', '2019-05-02']);
  });

  it('reads dashed month-day-year titles, and a day above 12 in any of them makes the list day-first', async () => {
    const us = ['1-22-19', '2-26-19', '3-26-19', '4-23-19', '5-28-19'].map((day, index) => `<li><a href="/a${index}.pdf">Agenda ${day}</a></li>`);
    expect((await itemsOf(`<ul>${us.join('')}</ul>`)).map((item) => item.day)).toEqual(['2019-01-22', '2019-02-26', '2019-03-26', '2019-04-23', '2019-05-28']);
    const european = ['05-02-2019', '22-01-2019', '08-01-2019', '11-12-2018', '27-11-2018'].map((day, index) => `<li><a href="/m${index}.pdf">Minutes ${day}</a></li>`);
    expect((await itemsOf(`<ul>${european.join('')}</ul>`)).map((item) => item.day)).toEqual(['2019-02-05', '2019-01-22', '2019-01-08', '2018-12-11', '2018-11-27']);
  });

  it("gives a title's date over a schedule of dates above the links", async () => {
    const schedule = ['January 22, 2019', 'February 26, 2019', 'November 26, 2019'].map((day) => `<p>${day}</p>`).join('');
    const links = ['1-22-19', '2-26-19', '3-26-19', '4-23-19', '5-28-19', '6-25-19', '7-9-19'].map((day, index) => `<p><a href="/agenda-${index}.pdf">Agenda ${day}</a></p>`).join('');
    // The list tier alone (a page this bare reads as an article to the article gate).
    const result = await domHeuristics.scrape(page(`<!doctype html><html><body><div class="entry">${schedule}<p><strong>2019 Meeting Agendas:</strong></p>${links}</div></body></html>`), context());
    const items = result.items.map((item: ItemDraft) => ({ day: parseTime(String(item.published_at), { now: TEST_NOW })?.toISOString().slice(0, 10) }));
    expect(items.map((item) => item.day)).toEqual(['2019-01-22', '2019-02-26', '2019-03-26', '2019-04-23', '2019-05-28', '2019-06-25', '2019-07-09']);
  });

  it("keeps a post's own date over the meeting day its title names", async () => {
    const posts = ['June 20, 2019', 'May 16, 2019', 'June 6, 2019'].map((day, index) => `<article><h2><a href="/post/${index}">Agenda for the ${day} meeting</a></h2><p class="meta">Posted on March ${index + 1}, 2019</p><p>Some words of the post body go here.</p></article>`);
    const items = await itemsOf(`<main>${posts.join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2019-03-01', '2019-03-02', '2019-03-03']);
  });

  it('does not date a news list by the one headline that names a day', async () => {
    const headlines = ['Remembering September 11, 2001', 'Markets rise again today', 'New park opens downtown', 'Council votes on budget'];
    const items = await itemsOf(`<ul>${headlines.map((headline, index) => `<li><a href="/story/${index}">${headline}</a></li>`).join('')}</ul>`);
    expect(items.every((item) => item.day === undefined)).toBe(true);
  });
});
