import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';

const now = new Date('2026-11-26T12:00:00Z');
const day = (value: string, locale?: string) => parseTime(value, { now, locale })?.toISOString().slice(0, 10);

describe('parseTime: a weekday abbreviation that is also a month word', () => {
  it('reads "mar." as Tuesday when another month follows', () => {
    expect(day('mar. 14 janv. 2014', 'fr')).toBe('2014-01-14');
    expect(day('mar 3 dic 2019', 'es')).toBe('2019-12-03');
  });

  it('still reads "Mar" as March when it is the only month', () => {
    expect(day('Mar 14 2014')).toBe('2014-03-14');
    expect(day('14 mar 2014', 'fr')).toBe('2014-03-14');
  });
});

describe('parseTime: Polish month names (no chrono-node locale)', () => {
  it.each([
    ['12 stycznia 2020', '2020-01-12'],
    ['3 marca 2021', '2021-03-03'],
    ['5 października 2021', '2021-10-05'],
    ['1 grudzień 2019', '2019-12-01'],
  ])('reads %s', (value, expected) => {
    expect(day(value, 'pl')).toBe(expected);
  });
});
