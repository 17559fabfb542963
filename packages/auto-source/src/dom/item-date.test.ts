import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { attribute, findFirst } from '../util/dom.js';
import { completeYears, findItemDate, settleDayMonthOrder } from './item-date.js';

/** The member marked `data-member` in `html`, and the date found for it. */
function dateOf(html: string, title = 'Headline'): string | undefined {
  const document = page(`<!doctype html><html><body>${html}</body></html>`);
  const member = findFirst(document.document, (element) => attribute(element, 'data-member') !== undefined);
  if (!member) throw new Error('no data-member element in the fixture');
  return findItemDate(member, title);
}

describe('findItemDate: a date read from the card as a person reads it', () => {
  it.each([
    ['a custom element with datetime', '<div data-member><h3><a href="/a">Headline</a></h3><relative-time datetime="2019-10-21T21:18:53Z">Oct 21</relative-time></div>', '2019-10-21T21:18:53Z'],
    ['a data-epoch timestamp', '<li data-member><a href="/a">Headline</a> <abbr class="tip" data-epoch="1488225719">Feb 27, 2017</abbr></li>', '1488225719'],
    ['a visible text date', '<section data-member><a href="/a">Headline</a><span>27 January 2021</span><span>3783 words</span></section>', '27 January 2021'],
    ['a dateline with words around the date', '<div data-member><p class="byline">Linked by Dan March 6, 2016 1:46 PM PT</p><h1><a href="/a">Headline</a></h1></div>', 'Linked by Dan March 6, 2016 1:46 PM PT'],
    ['a date in a tooltip', '<div data-member><a href="/a">Headline</a> <span title="Thu 14 Jan 2021 10:58">3 days</span></div>', 'Thu 14 Jan 2021 10:58'],
  ])('reads %s', (_name, html, expected) => {
    expect(dateOf(html)).toBe(expected);
  });

  it('reads the block after a heading-delimited item', () => {
    expect(dateOf('<h2 data-member>v5.3.0</h2><p>Release: February 23rd 2026</p><ul><li>Fix</li></ul><h2>v5.2.0</h2>', 'v5.3.0')).toBe('Release: February 23rd 2026');
  });

  it('reads the day heading that opens the group of the item', () => {
    const html = '<h3>Wed, 10 Nov 2021</h3><dl><dt>[1]</dt><dd>One</dd><dt data-member><a href="/abs/2">arXiv:2</a></dt><dd>Two</dd></dl>';
    expect(dateOf(html, 'arXiv:2')).toBe('Wed, 10 Nov 2021');
  });

  it('prefers the day in the item\'s own row to a heading that names only the month', () => {
    const row = (day: string) => `<tr><td class="when"><meta itemprop="startDate" content="2025-12-${day}">${day}/12</td><td><span${day === '15' ? ' data-member' : ''}><a href="/a${day}">Headline</a></span></td></tr>`;
    const html = `<h2>December 2025</h2><table>${row('15')}${row('16')}</table>`;
    expect(dateOf(html)).toBe('2025-12-15');
  });

  it('keeps the month heading when the row shows no day', () => {
    const html = '<h2>December 2025</h2><table><tr><td><span data-member><a href="/a">Headline</a></span></td><td>Venue</td></tr><tr><td><a href="/b">Other</a></td><td>Hall</td></tr></table>';
    expect(dateOf(html)).toBe('December 2025');
  });

  it('reads a microdata date from its content attribute', () => {
    expect(dateOf('<div data-member><a href="/a">Headline</a><meta itemprop="datePublished" content="2024-03-09"></div>')).toBe('2024-03-09');
  });

  it('stops at a heading that is not a date', () => {
    expect(dateOf('<h3>Wed, 10 Nov 2021</h3><h2>Latest</h2><ul><li data-member><a href="/a">Headline</a></li></ul>')).toBeUndefined();
  });

  it.each([
    ['a version number', '<div data-member><a href="/a">Headline</a><span>v5.1.15</span></div>'],
    ['a URL holding a date', '<div data-member><a href="/a">Headline</a><small>www.php.net/archive/2019.php#2019-11-28-1</small></div>'],
    ['a month name inside the title', '<div data-member><h2><a href="/a">May 5 things</a></h2></div>', 'May 5 things'],
    ['a bare time', '<div data-member><a href="/a">Headline</a><span>19:04</span></div>'],
  ])('takes no date from %s', (_name, html, title = 'Headline') => {
    expect(dateOf(html, title)).toBeUndefined();
  });
});

describe('findItemDate and completeYears: a year for every date that lacks one', () => {
  it('prefers a tooltip that writes the year over a visible date without one', () => {
    expect(dateOf('<li data-member><a href="/a">Headline</a> <span title="Thu 14 Jan 2021 10:58">Jan 14</span></li>')).toBe('Thu 14 Jan 2021 10:58');
  });

  it('gives a year-less date the year of the nearest item that writes one', () => {
    const drafts = [{ published_at: '2 Mar 2019' }, { published_at: '23 Feb' }, { published_at: '1679000000' }, {}, { published_at: 'Feb 20' }, { published_at: '2019-02-01' }];
    completeYears(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2 Mar 2019', '23 Feb 2019', '1679000000', undefined, 'Feb 20 2019', '2019-02-01']);
  });

  it('leaves year-less dates alone when no item writes a year', () => {
    const drafts = [{ published_at: '23 Feb' }, { published_at: 'Feb 20' }];
    completeYears(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['23 Feb', 'Feb 20']);
  });
});

describe('completeYears: relative dates', () => {
  it('gives no year to a relative date', () => {
    const drafts = [{ published_at: '2 Mar 2019' }, { published_at: 'vor 2 Stunden' }, { published_at: '3 days ago' }, { published_at: 'idag 19:04' }];
    completeYears(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2 Mar 2019', 'vor 2 Stunden', '3 days ago', 'idag 19:04']);
  });
});

describe('settleDayMonthOrder: day/month order from the other dates of the list', () => {
  it('reads every date day first when one date can only be day first', () => {
    const drafts = [{ published_at: '03/05/2024' }, { published_at: 'Posted 13.05.2024, 10:00' }, { published_at: '2024-05-01' }];
    settleDayMonthOrder(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2024-05-03', 'Posted 2024-05-13, 10:00', '2024-05-01']);
  });

  it('reads every date month first when one date can only be month first', () => {
    const drafts = [{ published_at: '03/05/2024' }, { published_at: '05/13/2024' }];
    settleDayMonthOrder(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2024-03-05', '2024-05-13']);
  });

  it.each([
    ['no date decides', ['03/05/2024', '04/06/2024']],
    ['the list contradicts itself', ['13/05/2024', '05/13/2024']],
  ])('leaves the dates to the page language when %s', (_name, values) => {
    const drafts = values.map((value) => ({ published_at: value }));
    settleDayMonthOrder(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(values);
  });
});
