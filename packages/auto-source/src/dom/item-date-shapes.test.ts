import { parseTime } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { attribute, findFirst } from '../util/dom.js';
import { completeYears, findItemDate } from './item-date.js';
import { completeYearsByWeekday, weekdayOf } from './weekday-years.js';

/** The date found for the member marked `data-member` in `html`. */
function dateOf(html: string, title = 'Headline'): string | undefined {
  const document = page(`<!doctype html><html><body>${html}</body></html>`);
  const member = findFirst(document.document, (element) => attribute(element, 'data-member') !== undefined);
  if (!member) throw new Error('no data-member element in the fixture');
  return findItemDate(member, title);
}

/** The day core reads from `text` (UTC, no channel time zone). */
function day(text: string | undefined, now = new Date('2026-06-01T00:00:00Z')): string | undefined {
  return text === undefined ? undefined : parseTime(text, { now })?.toISOString().slice(0, 10);
}

describe('findItemDate: more numeric shapes and month names', () => {
  it.each([
    ['a zero-padded year.month.day with a label', '<div data-member><p class="when"><a href="/m/2014/03"><span>2014.03.31 UP</span></a></p><a href="/a">Headline</a></div>', '2014-03-31'],
    ['year, month and day in kanji with zero padding', '<div data-member><a href="/a">Headline</a><p>2016年03月18日 23時5分</p></div>', '2016-03-18'],
    ['a Russian month name in the genitive', '<div data-member><a href="/a">Headline</a><span>17 февраля 2016</span></div>', '2016-02-17'],
    ['a Ukrainian month name in the genitive', '<div data-member><a href="/a">Headline</a><span>3 березня 2020</span></div>', '2020-03-03'],
    ['French abbreviations with a weekday', '<div data-member><a href="/a">Headline</a><span>par Ann</span> » <span>Lun 12 Aoû 2013 13:16</span></div>', '2013-08-12'],
    ['a French abbreviation with a dot', '<div data-member><a href="/a">Headline</a><span>13 déc. 2013</span></div>', '2013-12-13'],
  ])('reads %s', (_name, html, expected) => {
    expect(day(dateOf(html))).toBe(expected);
  });

  it('reads a month/day with its weekday ("3/14 Mon"), and not a fraction or a version', () => {
    expect(dateOf('<div data-member><p><span>3/14</span> <span>Mon</span> 4:00 PM</p><a href="/a">Headline</a></div>')).toBe('3/14 Mon 4:00 PM');
    expect(dateOf('<div data-member><p>3/14 months done</p><a href="/a">Headline</a></div>')).toBeUndefined();
    expect(dateOf('<div data-member><p>Build 2024.13.40</p><a href="/a">Headline</a></div>')).toBeUndefined();
  });

  it('gives a year-less date box the year of the day heading above its group', () => {
    const html = '<div><h2>Monday, March 14, 2016</h2><div data-member><span class="box">Mar 14</span><h3><a href="/a">Headline</a></h3></div></div>';
    expect(dateOf(html)).toBe('Mar 14 2016');
    expect(day(dateOf(html))).toBe('2016-03-14');
  });

  it('dates rows that show no date of their own from the heading of their group', () => {
    const html = '<section><h3>2016年03月18日</h3><ul><li><a href="/x">Other</a></li><li data-member><a href="/a">Headline</a></li></ul></section>';
    expect(day(dateOf(html))).toBe('2016-03-18');
  });
});

describe('year completion keeps shapes a parser can read', () => {
  it('writes the year of a neighbour into a month/day and a kanji date', () => {
    const drafts: { published_at?: string }[] = [{ published_at: '2016-03-12' }, { published_at: '3/14 Mon 4:00 PM' }, { published_at: '3月18日' }];
    completeYears(drafts);
    expect(drafts[1]!.published_at).toBe('2016-03-14 Mon 4:00 PM');
    expect(day(drafts[1]!.published_at)).toBe('2016-03-14');
    expect(day(drafts[2]!.published_at)).toBe('2016-03-18');
  });
});

describe('completeYearsByWeekday: the year in which the day has the weekday written beside it', () => {
  it('reads the weekday in several languages, and only one', () => {
    expect(weekdayOf('Monday November 10')).toBe(1);
    expect(weekdayOf('3/14 Mon')).toBe(1);
    expect(weekdayOf('3/29(土) 21:30')).toBe(6);
    expect(weekdayOf('mercredi 5 mars')).toBe(3);
    expect(weekdayOf('Mar 14')).toBeUndefined();
    expect(weekdayOf('Monday or Tuesday, May 3')).toBeUndefined();
  });

  it('takes the nearest matching year to the reference, at most two after it', () => {
    const drafts: { published_at?: string }[] = [{ published_at: 'Monday November 10' }, { published_at: 'Tuesday November 11 6:30 PM' }, { published_at: 'Nov 12' }];
    completeYearsByWeekday(drafts, new Date('2026-11-26T00:00:00Z'), new Date('2026-11-26T00:00:00Z'));
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2025-11-10', '2025-11-11 18:30', 'Nov 12']);
    const lagging = [{ published_at: '3/14 Mon' }];
    completeYearsByWeekday(lagging, new Date('2014-12-31T00:00:00Z'), new Date('2026-11-26T00:00:00Z'));
    expect(lagging[0]!.published_at).toBe('2016-03-14');
  });

  it('leaves a date that writes its year, and never takes a future year or one far from the reference', () => {
    const drafts = [{ published_at: 'Monday November 10 2025' }];
    completeYearsByWeekday(drafts, new Date('2026-11-26T00:00:00Z'));
    expect(drafts[0]!.published_at).toBe('Monday November 10 2025');
    const future = [{ published_at: 'Wednesday November 10' }];
    completeYearsByWeekday(future, new Date('2026-11-26T00:00:00Z'), new Date('2026-11-26T00:00:00Z'));
    expect(future[0]!.published_at).toBe('Wednesday November 10');
  });
});
