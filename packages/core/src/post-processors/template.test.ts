import { describe, expect, it } from 'vitest';
import { optionsErrorOf, runStep } from './__fixtures__/run-step.js';

describe('template', () => {
  const parts = { author: 'Ada', grade: 'A-', empty: undefined, published_at: new Date('2024-03-05T10:00:00Z') };

  it.each([
    ['Title', '%{title_text}', '', { title_text: undefined }],
    ['Hello', '%{self} by %{author}', 'Hello by Ada', parts],
    ['Hello', '%<self>s (%<grade>s)', 'Hello (A-)', parts],
    ['Hello', '%{self}%{empty}!', 'Hello!', parts],
    ['Hello', 'at %{published_at}', 'at 2024-03-05T10:00:00.000Z', parts],
    ['x', 'https://example.com/search/%{author}/results', 'https://example.com/search/Ada/results', parts],
  ])('%j with %j → %j', (input, string, expected, itemParts) => {
    const result = runStep('template', { string }, input, itemParts);
    expect(result.value).toBe(expected === '' ? undefined : expected);
  });

  it('drops the value with a warning when a named part fails to resolve', () => {
    const result = runStep('template', { string: '%{self} by %{writer}' }, 'Hello', parts);
    expect(result.value).toBeUndefined();
    expect(result.warning?.path).toBe('selectors.title.post_process[0]');
    expect(result.warning?.message).toContain('writer');
  });

  it.each([
    [{}, 'selectors.title.post_process[1].string'],
    [{ string: '' }, 'selectors.title.post_process[1].string'],
    [{ string: 3 }, 'selectors.title.post_process[1].string'],
  ])('rejects %j at %s', (options, path) => {
    expect(optionsErrorOf('template', options)?.path).toBe(path);
  });
});
