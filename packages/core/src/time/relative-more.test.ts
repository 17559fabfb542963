import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';

// Issue 17, sixth session: relative dates in Italian, Dutch (chrono-node's locales), Swedish,
// Japanese, Chinese and Korean (our own table: chrono-node 2.10.3 has no "ago" parser for them).
const now = new Date('2026-11-26T12:00:00Z');
const at = (text: string, locale?: string) => parseTime(text, { now, locale })?.toISOString().slice(0, 16);

describe('relative dates in more languages', () => {
  it('reads Japanese, Chinese and Korean counts before 前 / 전', () => {
    expect(at('3日前')).toBe('2026-11-23T12:00');
    expect(at('5時間前')).toBe('2026-11-26T07:00');
    expect(at('2週間前')).toBe('2026-11-12T12:00');
    expect(at('3天前')).toBe('2026-11-23T12:00');
    expect(at('2小时前')).toBe('2026-11-26T10:00');
    expect(at('1個月前')).toBe('2026-10-26T12:00');
    expect(at('2시간 전')).toBe('2026-11-26T10:00');
    expect(at('3일 전')).toBe('2026-11-23T12:00');
  });

  it('reads Korean day words in the channel time zone', () => {
    expect(parseTime('어제', { now, timeZone: 'Asia/Seoul' })?.toISOString()).toBe('2026-11-24T15:00:00.000Z');
  });

  it('reads Swedish "sedan" with or without "för"', () => {
    expect(at('för 3 dagar sedan')).toBe('2026-11-23T12:00');
    expect(at('en timme sedan')).toBe('2026-11-26T11:00');
  });

  it('reads Italian and Dutch through chrono-node, with or without the page language', () => {
    expect(at('2 giorni fa')?.slice(0, 10)).toBe('2026-11-24');
    expect(at('2 giorni fa', 'it')?.slice(0, 10)).toBe('2026-11-24');
    expect(at('3 ore fa', 'it')).toBe('2026-11-26T09:00');
    expect(at('3 dagen geleden')?.slice(0, 10)).toBe('2026-11-23');
  });

  it('reads nothing from a count without its "ago" word or with an unknown unit', () => {
    expect(at('3日')).toBeUndefined();
    expect(at('3 apples sedan')).toBeUndefined();
    expect(at('3 fa')).toBeUndefined();
  });
});
