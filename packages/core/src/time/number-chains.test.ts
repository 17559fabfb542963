import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';
import { withoutNumberChains } from './number-chains.js';

const now = new Date('2024-06-15T12:00:00Z');

describe('numbers that are not dates (issue 17, thirteenth session)', () => {
  it('never reads four numbers joined by one separator as a date', () => {
    expect(parseTime('near metro lines 3/4/7/13, quiet room', { now })).toBeUndefined();
    expect(parseTime('近3/4/7/13 号线', { now })).toBeUndefined();
    expect(parseTime('host 10.0.0.1 rebooted', { now })).toBeUndefined();
  });

  it('still reads a date beside such a chain, and every three-part date', () => {
    expect(parseTime('lines 3/4/7/13 — 12 March 2024', { now })?.toISOString()).toBe('2024-03-12T00:00:00.000Z');
    expect(parseTime('3/4/2024', { now })?.toISOString()).toBe('2024-03-04T00:00:00.000Z');
    expect(parseTime('05.03.2024', { now, locale: 'de' })?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(parseTime('2024.03.05.', { now })?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
  });

  it('leaves texts without a chain as they are', () => {
    expect(withoutNumberChains('2024/03/05 7:05 AM')).toBe('2024/03/05 7:05 AM');
    expect(withoutNumberChains('v1.2.3 on 3/4')).toBe('v1.2.3 on 3/4');
    expect(withoutNumberChains('lines 3/4/7/13')).toBe('lines  ');
  });
});
