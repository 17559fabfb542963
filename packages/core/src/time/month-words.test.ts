import { describe, expect, it } from 'vitest';
import { MONTHS } from './vocabulary.js';
import { mayNameMonth } from './month-words.js';
import { parseTime } from './parse-time.js';

/** What auto-source asks the parser (period-titles.ts): "<word> 2001" read as the first of a month of 2001. */
const readsAsMonth = (word: string): boolean => {
  const parsed = parseTime(`${word} 2001`);
  return parsed !== undefined && parsed.getUTCFullYear() === 2001 && parsed.getUTCDate() === 1;
};

describe('mayNameMonth', () => {
  it('lets every month word the parser reads through, in every script', () => {
    const words = [...MONTHS.keys(), 'janeiro', 'outubro', 'dezembro', 'sept', 'gennaio', 'januari', 'mars', 'märz', 'jänner', 'février', 'décembre', 'março', 'kesäkuu', 'heinäkuuta', 'août', 'déc', 'fév', 'марта', '三月'];
    for (const word of words) if (readsAsMonth(word)) expect(mayNameMonth(word), word).toBe(true);
  });

  it('answers false only for ASCII words the parser reads no month from', () => {
    const words = ['home', 'about', 'contact', 'news', 'blog', 'archive', 'today', 'now', 'yesterday', 'monday', 'week', 'year', 'utc', 'est', 'ago', 'next', 'last', 'in', 'the', 'spring', 'summer', 'noon', 'midnight', 'tonight', 'fa', 'geleden', 'café', 'über', 'señor', 'aujourd', 'mañana', 'heute', 'tänään', 'idag', 'größe', 'élection'];
    for (const word of words) if (!mayNameMonth(word)) expect(readsAsMonth(word), word).toBe(false);
    expect(mayNameMonth('home')).toBe(false);
    expect(mayNameMonth('contact')).toBe(false);
  });

  it('asks the parser for words that hold a month word or are not plain ASCII', () => {
    expect(mayNameMonth('summary')).toBe(true);
    expect(mayNameMonth('ago')).toBe(true);
    expect(mayNameMonth('outubro')).toBe(true);
    expect(mayNameMonth('новости')).toBe(true);
    expect(mayNameMonth('févriers')).toBe(true);
    expect(mayNameMonth('fevrier')).toBe(true);
    expect(mayNameMonth('café')).toBe(false);
    expect(mayNameMonth('MARCH')).toBe(true);
    expect(mayNameMonth('Février')).toBe(true);
    expect(mayNameMonth('caféновости')).toBe(true);
  });
});
