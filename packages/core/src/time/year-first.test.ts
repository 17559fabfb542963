import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time.js';

const now = new Date('2026-06-15T12:00:00Z');
const day = (text: string, locale?: string): string | undefined => parseTime(text, { now, locale })?.toISOString().slice(0, 10);

describe('a short dotted date year first in Korean, Japanese and Chinese (issue 17, thirteenth session)', () => {
  it('reads yy.mm.dd beside CJK words or on a CJK page', () => {
    expect(day('24.08.06 업데이트')).toBe('2024-08-06');
    expect(day('更新 25.03.19')).toBe('2025-03-19');
    expect(day('24.08.06', 'ko')).toBe('2024-08-06');
    expect(day('24.08.06', 'ja-JP')).toBe('2024-08-06');
  });

  it('keeps day first elsewhere, and leaves long and impossible shapes alone', () => {
    expect(day('24.08.06', 'de')).toBe('2006-08-24');
    expect(day('שלישי 04.11.25')).toBe('2025-11-04');
    expect(day('2024.08.06 업데이트')).toBe('2024-08-06');
    expect(day('버전 1.2.3')).toBeUndefined();
  });
});
