import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url.js';

describe('canonicalUrl', () => {
  const cases: [string, string][] = [
    ['https://Example.COM:443/a/b', 'https://example.com/a/b'],
    ['https://example.com/a#section', 'https://example.com/a'],
    ['https://example.com/a#', 'https://example.com/a'],
    ['https://example.com/a?id=3&utm_source=x#top', 'https://example.com/a?id=3'],
    ['https://example.com/a?utm_source=x&fbclid=y', 'https://example.com/a'],
    ['https://example.com/a?b=2&a=1', 'https://example.com/a?b=2&a=1'],
    ['https://example.com/a%23b', 'https://example.com/a%23b'],
  ];

  it.each(cases)('%s → %s', (input, expected) => {
    expect(canonicalUrl(new URL(input))).toBe(expected);
  });
});
