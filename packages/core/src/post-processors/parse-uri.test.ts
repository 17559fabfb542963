import { describe, expect, it } from 'vitest';
import { optionsErrorOf, runStep } from './__fixtures__/run-step.js';

describe('parse_uri', () => {
  it.each([
    ['/posts/1', 'https://example.com/posts/1'],
    ['2', 'https://example.com/news/2'],
    ['  https://other.example/a?b=1#c ', 'https://other.example/a?b=1#c'],
    ['//cdn.example/img.png', 'https://cdn.example/img.png'],
    ['', undefined],
  ])('%j → %s', (input, expected) => {
    const result = runStep('parse_uri', {}, input);
    expect(result.value).toBe(expected);
    expect(result.warning).toBeUndefined();
  });

  it.each(['javascript:alert(1)', 'mailto:someone@example.com', 'http://[broken'])('drops %s with a UrlInvalid warning', (input) => {
    const result = runStep('parse_uri', {}, input);
    expect(result.value).toBeUndefined();
    expect(result.warning).toMatchObject({ code: 'UrlInvalid', path: 'selectors.title.post_process[0]' });
  });

  it('rejects options it does not know', () => {
    expect(optionsErrorOf('parse_uri', { base: 'x' })).toEqual({
      message: expect.stringMatching(/unknown option "base"/) as unknown,
      path: 'selectors.title.post_process[1].base',
    });
  });
});
