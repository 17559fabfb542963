import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';

// Issue 17, sixteenth session: Indonesian (and Malay) dates as news indexes and event lists print
// them — months chrono-node has no locale for, and ages with "yang lalu" ("ago").
const now = new Date('2026-11-26T12:00:00Z');
const at = (text: string) => parseTime(text, { now })?.toISOString().slice(0, 16);

describe('Indonesian dates', () => {
  it('reads ages with "(yang) lalu"', () => {
    expect(at('7 menit yang lalu')).toBe('2026-11-26T11:53');
    expect(at('2 jam yang lalu')).toBe('2026-11-26T10:00');
    expect(at('3 hari lalu')).toBe('2026-11-23T12:00');
    expect(at('30 detik yang lalu')).toBe('2026-11-26T11:59');
  });

  it('reads the months no other language spells so ("Mei", "Agustus", "Agt", "Desember", "Maret")', () => {
    expect(at('1 Mei 2023')).toBe('2023-05-01T00:00');
    expect(at('12 Agustus 2024')).toBe('2024-08-12T00:00');
    expect(at('3 Agt 2024')).toBe('2024-08-03T00:00');
    expect(at('24 Desember 2019')).toBe('2019-12-24T00:00');
    expect(at('17 Maret 2021')).toBe('2021-03-17T00:00');
    expect(at('Jumat, 04 Okt 2024 19:34')).toBe('2024-10-04T19:34');
  });

  it('leaves "lalu" without a count unread', () => {
    expect(at('menit yang lalu')).toBeUndefined();
  });
});
