import { describe, expect, it } from 'vitest';
import { optionsErrorOf, runStep } from './__fixtures__/run-step.js';

describe('substring (Ruby value[start..end] semantics)', () => {
  it.each([
    ['Hello world', { start: 0, end: 4 }, 'Hello'],
    ['Hello world', { start: 6 }, 'world'],
    ['Ergebnis: 3:1', { start: 10 }, '3:1'],
    ['Posted 2024-03-05', { start: -10 }, '2024-03-05'],
    ['2024-03-05 Mon.', { start: 0, end: -6 }, '2024-03-05'],
    ['Grüße aus Köln', { start: 0, end: 4 }, 'Grüße'],
    ['short', { start: 10 }, undefined],
    ['short', { start: 3, end: 1 }, undefined],
  ])('%j with %j → %j', (input, options, expected) => {
    expect(runStep('substring', options, input).value).toBe(expected);
  });

  it.each([
    [{}, 'selectors.title.post_process[1].start'],
    [{ start: 1.5 }, 'selectors.title.post_process[1].start'],
    [{ start: 0, end: '3' }, 'selectors.title.post_process[1].end'],
    [{ start: 0, length: 3 }, 'selectors.title.post_process[1].length'],
  ])('rejects %j at %s', (options, path) => {
    expect(optionsErrorOf('substring', options)?.path).toBe(path);
  });
});
