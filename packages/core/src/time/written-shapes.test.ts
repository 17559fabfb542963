import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';
import { reshapeWrittenDate } from './written-shapes.js';

// Issue 17, eleventh session: whole dates the parsers misread, written plainly first.

const now = new Date('2026-11-27T12:00:00Z');
const day = (text: string, locale?: string): string | undefined => parseTime(text, { now, locale })?.toISOString().slice(0, 10);

describe('written date shapes', () => {
  it('reads a date in brackets as the date inside', () => {
    expect(day('[28.5. 2026]')).toBe('2026-05-28');
    expect(day('(3 March 2019)')).toBe('2019-03-03');
    // Only a bracketed whole: a date followed by a bracketed note keeps its note for the parsers.
    expect(reshapeWrittenDate('3 March 2019 (updated)')).toBe('3 March 2019 (updated)');
  });

  it('reads a CJK month in the English order with its year, not the current year', () => {
    expect(day('8月 19, 2025')).toBe('2025-08-19');
    expect(day('12月 3, 2019')).toBe('2019-12-03');
    expect(day('8월 19, 2025')).toBe('2025-08-19');
  });

  it('reads a day, a month word in any script and a two-digit year joined by hyphens', () => {
    expect(day('2-Сен-21 19:20')).toBe('2021-09-02');
    expect(day('31-Авг-21')).toBe('2021-08-31');
    expect(day('29-Nov-2005')).toBe('2005-11-29');
    expect(day('5-Июл-21')).toBe('2021-07-05');
    expect(day('6 июн 2021')).toBe('2021-06-06');
  });

  it('reads the Russian abbreviations "февр." and "нояб." with the year and its "г."', () => {
    // Fifteenth session: a search result's "23 нояб. 2015 г." was no date at all.
    expect(day('23 нояб. 2015 г.')).toBe('2015-11-23');
    expect(day('3 февр. 2019')).toBe('2019-02-03');
    expect(day('1 Нояб 2020')).toBe('2020-11-01');
    expect(reshapeWrittenDate('ноябрь 2015')).toBe('ноябрь 2015');
  });

  it('leaves other texts unchanged', () => {
    expect(reshapeWrittenDate('3-in-1 printer')).toBe('3-in-1 printer');
    expect(reshapeWrittenDate('2019年3月1日')).toBe('2019年3月1日');
    expect(reshapeWrittenDate('[Update] 3 days ago')).toBe('[Update] 3 days ago');
  });
});

describe('dotted ranges of days', () => {
  it('reads "18.-20.11.2025" as its first day, never the first day as a month', () => {
    expect(day('18.-20.11.2025')).toBe('2025-11-18');
    expect(day('2.-4.12.2025')).toBe('2025-12-02');
    expect(day('2.–4.12.25')).toBe('2025-12-02');
  });
});
