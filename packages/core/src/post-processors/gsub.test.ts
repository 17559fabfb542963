import { describe, expect, it } from 'vitest';
import { optionsErrorOf, runStep } from './__fixtures__/run-step.js';

describe('gsub', () => {
  it.each([
    ['a.b.c', { pattern: '.', replacement: '-' }, 'a-b-c'],
    ['Price: 10 EUR', { pattern: '/\\s*EUR$/', replacement: '' }, 'Price: 10'],
    ['12. Headline', { pattern: '/^(\\d+.)\\s/', replacement: '' }, 'Headline'],
    ['John Smith', { pattern: '/(\\w+) (\\w+)/', replacement: '$2, $1' }, 'Smith, John'],
    ['John Smith', { pattern: '/(\\w+) (\\w+)/', replacement: '\\2, \\1' }, 'Smith, John'],
    ['aAaA', { pattern: '/a/i', replacement: 'b' }, 'bbbb'],
    ['keep', { pattern: 'x' }, 'keep'],
    ['xxx', { pattern: 'x' }, undefined],
  ])('%j with %j → %j', (input, options, expected) => {
    expect(runStep('gsub', options, input).value).toBe(expected);
  });

  it.each([
    [{ pattern: '/(unclosed/' }, 'selectors.title.post_process[1].pattern', /not a valid regular expression/],
    [{ replacement: 'x' }, 'selectors.title.post_process[1].pattern', /Invalid option/],
    [{ pattern: '' }, 'selectors.title.post_process[1].pattern', /must not be empty/],
    [{ pattern: 'a', replacement: 1 }, 'selectors.title.post_process[1].replacement', /Invalid option/],
  ])('rejects %j at %s', (options, path, message) => {
    const error = optionsErrorOf('gsub', options);
    expect(error?.path).toBe(path);
    expect(error?.message).toMatch(message);
  });
});
