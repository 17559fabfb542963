import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';

// Issue 17, tenth session: ranges read as their first day, and the weekday that settles the order
// of day and month in a numeric date.

const now = new Date('2026-11-27T12:00:00Z');
const day = (text: string, locale?: string): string | undefined => parseTime(text, { now, locale })?.toISOString().slice(0, 10);

describe('date ranges', () => {
  it('reads a range of days in one month as its first day, never the second day as a year', () => {
    expect(day('Apr 11–12')).toBe('2026-04-11');
    expect(day('Apr 11-12, 2025')).toBe('2025-04-11');
    expect(day('11–12 April 2024')).toBe('2024-04-11');
    expect(day('September 3rd-5th 2023')).toBe('2023-09-03');
  });

  it('reads two whole dates joined by a spaced dash as the first', () => {
    expect(day('Tue 29/08/17 - Sun 03/09/17')).toBe('2017-08-29');
    expect(day('2019-03-01 – 2019-03-05')).toBe('2019-03-01');
    expect(day('Nov 20 - Dec 3, 2026')).toBe('2026-11-20');
  });

  it('leaves times of day, a date before other words and a time range alone', () => {
    expect(day('08:00 - 10:00 March 5, 2026')).toBe('2026-03-05');
    expect(day('08.08.2014 - Uploaded by a reader')).toBe('2014-08-08');
    expect(parseTime('Mar 10-11pm', { now })).toBeUndefined();
    // An ISO date is no range of days ("01-14" inside "2008-01-14").
    expect(day('2008-01-14 Office of Law Enforcement/Fed')).toBe('2008-01-14');
  });
});

describe('a weekday settles day and month', () => {
  it('reads the order on which the written weekday falls', () => {
    expect(day('Sun 03/09/17')).toBe('2017-09-03');
    expect(day('Fri 01/09/17 - Sun 03/09/17')).toBe('2017-09-01');
    expect(day('03/09/17 (Sun)')).toBe('2017-09-03');
    expect(day('Sonntag, 03.09.2017')).toBe('2017-09-03');
    expect(day('Thu 03/09/2017')).toBe('2017-03-09');
  });

  it('leaves the locale rule in charge when the weekday fits neither or both readings', () => {
    expect(day('Mon 03/09/2017')).toBe('2017-03-09');
    expect(day('Mon 03/09/2017', 'de')).toBe('2017-09-03');
    expect(day('Tue 05/05/2020')).toBe('2020-05-05');
  });
});

describe('numeric dates among other words', () => {
  it('reads a dotted date day first wherever it stands', () => {
    expect(day('20 min. simpel 06.12.2005')).toBe('2005-12-06');
    expect(day('03.08.2006')).toBe('2006-08-03');
  });

  it('reads a date after a version number', () => {
    expect(day('1.13.3 Dec 19, 2025')).toBe('2025-12-19');
    expect(day('v2.0.10 March 3, 2024')).toBe('2024-03-03');
  });
});
