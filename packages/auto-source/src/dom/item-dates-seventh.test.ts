import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';
import { readRelativeFromPage } from './relative-dates.js';

// Issue 17, seventh session: item-date shapes written as small pages of our own (the build clock of
// these tests is 2026-11-26, so a date given "this year" shows as 2026-…).

const words = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'];

describe('a link is an item, never a date separator', () => {
  it('dates each agenda link by its own text, never by the link before it', async () => {
    const days = ['January 14, 2021', 'March 18, 2021', 'April 15, 2021', 'May 6, 2021', 'May 20, 2021', 'July 15, 2021'];
    const links = days.map((day, index) => `<a class="entry" href="/agendas/2021/agenda-${index}.pdf">${day}</a>`);
    const items = await itemsOf(`<h2>Committee agendas</h2><div class="menu">${links.join('\n')}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2021-01-14', '2021-03-18', '2021-04-15', '2021-05-06', '2021-05-20', '2021-07-15']);
  });

  it('leaves an agenda link titled by a year-less day undated rather than give it the link before it', async () => {
    const days = ['January 14', 'March 18', 'April 15', 'May 6', 'May 20', 'July 15'];
    const links = days.map((day, index) => `<a class="entry" href="/agendas/agenda-${index}.pdf">${day}</a>`);
    const items = await itemsOf(`<h2>Committee agendas</h2><div class="menu">${links.join('\n')}</div>`);
    expect(items.map((item) => item.title)).toEqual(days);
    expect(items.map((item) => item.day)).toEqual(days.map(() => undefined));
  });

  it('still reads a date row between link rows as the separator of the links after it', async () => {
    const rows = ['<div class="day">Tue, 10 Nov 2021</div>', ...[0, 1].map((index) => `<div class="post"><a href="/p/${index}">${words[index]} entry of the day</a></div>`), '<div class="day">Mon, 9 Nov 2021</div>', ...[2, 3].map((index) => `<div class="post"><a href="/p/${index}">${words[index]} entry of the day</a></div>`)];
    const items = await itemsOf(`<div class="log">${rows.join('')}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2021-11-10', '2021-11-10', '2021-11-09', '2021-11-09']);
  });
});

describe('relative dates on a page that states its own date', () => {
  const cards = (ages: readonly string[]): string => ages.map((age, index) => `<div class="story"><h3><a href="/s/${index}">${words[index]} story of the week in the city</a></h3><p>A short summary of the story number ${index}.</p><span class="age">${age}</span></div>`).join('');

  it('reads "3 days ago" and "yesterday" against the page\'s article:modified_time, not the build time', async () => {
    const head = '<meta property="article:modified_time" content="2015-08-07T12:00:00Z">';
    const items = await itemsOf(`${head}<main>${cards(['5 hours ago', 'yesterday', '3 days ago', 'vor 4 Tagen', 'il y a 5 jours'])}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2015-08-07', '2015-08-06', '2015-08-04', '2015-08-03', '2015-08-02']);
  });

  it('reads them against the JSON-LD dateModified the same way', async () => {
    const head = '<script type="application/ld+json">{"@type":"CollectionPage","dateModified":"2019-03-12T09:00:00Z"}</script>';
    const items = await itemsOf(`${head}<main>${cards(['2 days ago', '3 days ago', '4 days ago', '5 days ago'])}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2019-03-10', '2019-03-09', '2019-03-08', '2019-03-07']);
  });

  it('leaves absolute dates as they are', async () => {
    const head = '<meta property="article:modified_time" content="2015-08-07T12:00:00Z">';
    const items = await itemsOf(`${head}<main>${cards(['Mar 3, 2014', 'Feb 2, 2014', 'Jan 5, 2014', 'Dec 9, 2013'])}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2014-03-03', '2014-02-02', '2014-01-05', '2013-12-09']);
  });

  it('does not take a copyright year as the page\'s date (the build time stands)', async () => {
    const items = await itemsOf(`<main>${cards(['3 days ago', '4 days ago', '5 days ago', '6 days ago'])}</main><footer>© 2015 Example</footer>`);
    expect(items.map((item) => item.day)).toEqual(['2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20']);
  });
});

describe('readRelativeFromPage', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('puts "today 10:59" on the page\'s day and leaves a whole date alone', () => {
    const drafts: { published_at?: string }[] = [{ published_at: 'today 10:59' }, { published_at: '2022-11-01' }];
    readRelativeFromPage(drafts, new Date('2022-11-03T14:00:00Z'), now);
    expect(drafts[0]!.published_at?.slice(0, 10)).toBe('2022-11-03');
    expect(drafts[1]!.published_at).toBe('2022-11-01');
  });

  it('changes nothing when the page\'s date is within a day of the build', () => {
    const drafts: { published_at?: string }[] = [{ published_at: '3 days ago' }];
    readRelativeFromPage(drafts, new Date('2026-11-26T02:00:00Z'), now);
    expect(drafts[0]!.published_at).toBe('3 days ago');
  });
});
