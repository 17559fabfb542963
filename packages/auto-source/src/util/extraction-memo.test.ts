import { describe, expect, it } from 'vitest';
import { createExtractionMemo, startExtractionMemos } from './extraction-memo.js';

describe('createExtractionMemo', () => {
  it('computes each short text once per extraction, undefined answers included', () => {
    const asked: string[] = [];
    const memo = createExtractionMemo((text) => {
      asked.push(text);
      return text.includes('2024') ? text : undefined;
    });
    startExtractionMemos();
    expect([memo('Mar 3, 2024'), memo('Mar 3, 2024'), memo('News'), memo('News')]).toEqual(['Mar 3, 2024', 'Mar 3, 2024', undefined, undefined]);
    expect(asked).toEqual(['Mar 3, 2024', 'News']);
  });

  it('forgets its answers when the next extraction starts', () => {
    let calls = 0;
    const memo = createExtractionMemo((text) => {
      calls += 1;
      return text.length;
    });
    memo('first page');
    startExtractionMemos();
    memo('first page');
    expect(calls).toBe(2);
  });

  it('computes long texts every time', () => {
    let calls = 0;
    const memo = createExtractionMemo((text) => {
      calls += 1;
      return text.length;
    });
    const long = 'x'.repeat(500);
    expect(memo(long)).toBe(500);
    expect(memo(long)).toBe(500);
    expect(calls).toBe(2);
  });
});
