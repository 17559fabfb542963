import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';
import { expandShortYears } from './short-years.js';

// Issue 17, sixth session: two-digit years in shapes the general parsers misread.
const now = new Date('2026-11-26T12:00:00Z');
const day = (text: string, locale?: string) => parseTime(text, { now, locale })?.toISOString().slice(0, 16);

describe('apostrophe years', () => {
  it('reads "Jun 2 \'12" as 2012, not as this year', () => {
    expect(day("asked Jun 2 '12")).toBe('2012-06-02T00:00');
    expect(day("Jun 2 '12 at 10:31")).toBe('2012-06-02T10:31');
    expect(day('Oct 1 \u201912')).toBe('2012-10-01T00:00');
    expect(day("2 Jun '98")).toBe('1998-06-02T00:00');
  });

  it('leaves apostrophes that are no year alone', () => {
    expect(expandShortYears("It's 5 o'clock")).toBe("It's 5 o'clock");
    expect(expandShortYears("Rock 'n' roll of the '70s")).toBe("Rock 'n' roll of the '70s");
    expect(expandShortYears("Jun 2 '123")).toBe("Jun 2 '123");
  });
});

describe('YY/MM/DD with a CJK weekday', () => {
  it('reads year first, as East Asian boards print it', () => {
    expect(day('22/09/24(土)15:36')).toBe('2022-09-24T15:36');
    expect(day('[22/09/23(金)03:49 ID:Zx81/ab]')).toBe('2022-09-23T03:49');
    expect(day('19/03/01（五）')).toBe('2019-03-01T00:00');
  });

  it('takes the reading on which the written weekday falls when only another one does', () => {
    // 2024-09-22 is a Sunday (日); 2022-09-24 (year first) is a Saturday.
    expect(day('22/09/24(日)')).toBe('2024-09-22T00:00');
  });

  it('does not touch three two-digit parts without a weekday', () => {
    expect(expandShortYears('22/09/24 15:36')).toBe('22/09/24 15:36');
  });
});

describe('a whole date inside a longer line', () => {
  it('reads a date that ends in its year although a count follows ("April 17, 2023 1 min read")', () => {
    expect(day('Dave G. Public interest technology Public Reports April 17, 2023 1 min read')).toBe('2023-04-17T00:00');
  });

  it('still refuses a run with a number before it that the date leaves out', () => {
    expect(day('25:00 March 5 2024')).toBeUndefined();
  });
});
