import { describe, expect, it } from 'vitest';
import { normalizeItems } from './normalize.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');

function published(value: Date | string): { date: string | undefined; codes: string[] } {
  const { items, warnings } = normalizeItems([{ title: 'T', url: '/a', published_at: value }], { baseUrl: 'https://example.com/', now: NOW });
  return { date: items[0]?.published_at?.toISOString(), codes: warnings.map((warning) => warning.code) };
}

describe('normalizeItems: no impossible dates', () => {
  it.each([
    ['a zero timestamp (1970)', new Date(0)],
    ['a parsed Date two days after the build', new Date(NOW + 2 * 86_400_000)],
    ['a date shown without its year that would land in the future', new Date('2026-11-20T00:00:00Z')],
  ])('drops %s with a DateImplausible warning', (_name, value) => {
    const result = published(value);
    expect(result.date).toBeUndefined();
    expect(result.codes).toContain('DateImplausible');
  });

  it.each([
    ['1985-06-01', '1985-06-01T00:00:00.000Z'],
    ['2027-01-15T10:00:00Z', '2027-01-15T10:00:00.000Z'],
    ['2026-03-11T06:00:00Z', '2026-03-11T06:00:00.000Z'],
    ['1990-01-01T00:00:00Z', '1990-01-01T00:00:00.000Z'],
  ])('keeps %s: the page writes the year, or it is within a day of the build', (value, expected) => {
    expect(published(value)).toEqual({ date: expected, codes: [] });
  });
});
