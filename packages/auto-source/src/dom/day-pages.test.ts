import { describe, expect, it } from 'vitest';
import { differOnlyByDate, leadsToDayPages, withoutDate } from './day-pages.js';

describe('withoutDate', () => {
  it('takes out a numeric date written year first, year last or as query values', () => {
    expect(withoutDate('https://scores.test/games/?date=2017-04-02')).toEqual({ template: 'https://scores.test/games/?date={date}', date: '2017-04-02' });
    expect(withoutDate('https://clock.test/fixed.html?iso=20260530T2100&p1=248')?.template).toBe('https://clock.test/fixed.html?iso={date}&p1=248');
    expect(withoutDate('https://school.test/calendar/oneday/exact_date~10-17-2022/')?.template).toBe('https://school.test/calendar/oneday/exact_date~{date}/');
    expect(withoutDate('https://scores.test/index.cgi?month=10&day=25&year=2016')?.template).toBe('https://scores.test/index.cgi?month={n}&day={n}&year={n}');
  });

  it('finds no date in ids, in a year and month alone, or in a page number', () => {
    expect(withoutDate('https://scores.test/boxes/HOM/HOM201704020.shtml')).toBeUndefined();
    expect(withoutDate('https://blog.test/2009/11/november-28-2009.html')).toBeUndefined();
    expect(withoutDate('https://forum.test/list?page=3&year=2020')).toBeUndefined();
  });
});

describe('leadsToDayPages', () => {
  const days = ['2024-03-01', '2024-03-03', '2024-03-07', '2024-03-07', '2024-03-12'];
  it('reads date cells linked to their day\u2019s page (one address but for the date)', () => {
    expect(leadsToDayPages(days.map((day) => ({ url: `https://scores.test/day?date=${day}`, text: `Mar ${Number(day.slice(8))}` })))).toBe(true);
  });

  it('does not read permalinks, whose addresses differ by more than a date, as day pages', () => {
    expect(leadsToDayPages(days.map((day, n) => ({ url: `https://blog.test/${day.replace(/-/g, '/')}/post-${n}`, text: `Mar ${n + 1}` })))).toBe(false);
    expect(differOnlyByDate(days.map((day, n) => ({ url: `https://blog.test/${day}/story-${n}` }).url))).toBe(false);
  });

  it('wants the link texts to read as dates', () => {
    expect(leadsToDayPages(days.map((day) => ({ url: `https://scores.test/day?date=${day}`, text: 'Results of the day' })))).toBe(false);
  });
});
