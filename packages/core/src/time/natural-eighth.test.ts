import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';

// Issue 17, eighth session. Portuguese months written without accents are plain ASCII, so a page
// that declares no language used to try English only and read nothing.
const now = new Date('2026-11-26T12:00:00Z');
const day = (text: string, locale?: string) => parseTime(text, { now, locale })?.toISOString().slice(0, 10);

describe('Portuguese month names on a page that declares no language', () => {
  it('reads "8 setembro, 2012", "05 de outubro de 2011" and "3 dezembro 2019"', () => {
    expect(day('8 setembro, 2012')).toBe('2012-09-08');
    expect(day('05 de outubro de 2011')).toBe('2011-10-05');
    expect(day('3 dezembro 2019')).toBe('2019-12-03');
  });

  it('gives a year-less "05 de setembro" the latest such day not after the reference', () => {
    expect(day('05 de setembro')).toBe('2026-09-05');
  });

  it('reads the same with the page\'s language declared', () => {
    expect(day('8 setembro, 2012', 'pt-BR')).toBe('2012-09-08');
  });

  it('still reads nothing in a text that only holds a Portuguese month word', () => {
    expect(day('setembro')).toBeUndefined();
  });
});

describe('a day word that closes a sentence', () => {
  it('is not the date of a headline that ends in "Today" or "yesterday"', () => {
    expect(day('‘I Doubt Very Much if My Parents Would Let Me Go at That Age Today’')).toBeUndefined();
    expect(day('What happened to the market yesterday')).toBeUndefined();
  });

  it('still dates "posted today", "Yesterday" and "today, 10:59"', () => {
    expect(day('posted today')).toBe('2026-11-26');
    expect(day('Yesterday')).toBe('2026-11-25');
    expect(day('today, 10:59')).toBe('2026-11-26');
    expect(day('Nyhet Playstation Xbox Äventyr idag 19:04')).toBe('2026-11-26');
  });
});
