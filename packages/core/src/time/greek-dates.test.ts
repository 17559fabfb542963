import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';

const now = new Date('2026-06-15T12:00:00Z');
const day = (text: string): string | undefined => parseTime(text, { now })?.toISOString().slice(0, 10);

// chrono-node has no Greek locale: Greek month and weekday words are in the built-in vocabulary
// (issue 17, thirteenth session).
describe('Greek dates', () => {
  it('reads a weekday, a day, an abbreviated or genitive month and a year', () => {
    expect(day('Παρασκευή, 01 Αυγ 2025')).toBe('2025-08-01');
    expect(day('3 Μαρτίου 2024')).toBe('2024-03-03');
    expect(day('ΤΡΙΤΗ 14 ΙΑΝΟΥΑΡΙΟΥ 2025')).toBe('2025-01-14');
    expect(day('Δεκ 24')).toBe('2025-12-24');
  });

  it('reads no date from Greek words without a month', () => {
    expect(day('Παρασκευή, 01 2025 Αθήνα')).toBeUndefined();
  });
});
