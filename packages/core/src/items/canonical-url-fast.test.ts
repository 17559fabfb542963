import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalHref, canonicalUrl } from './canonical-url.js';

/** canonicalHref reads most queries from the string; its answer must be canonicalUrl's. */
describe('canonicalHref', () => {
  const names = ['id', 'page', 'utm_source', 'UTM_Medium', 'fbclid', 'si', 'ref', 'a+b', 'utm%5Fsource', 'q', '', 'gclid', 'x y'];
  const values = ['1', '', 'a b', 'x%20y', 'caf%C3%A9', 'a+b', '?', '/', 'é'];
  const parameter = fc.tuple(fc.constantFrom(...names), fc.option(fc.constantFrom(...values), { nil: undefined })).map(([name, value]) => (value === undefined ? name : `${name}=${value}`));
  const url = fc
    .tuple(
      fc.constantFrom('https://example.org', 'http://Example.COM:80', 'https://example.org:8443'),
      fc.constantFrom('/', '/news/a', '/p?x', '/a%3Fb', '/ü'),
      fc.option(fc.array(parameter, { maxLength: 4 }), { nil: undefined }),
      fc.constantFrom('', '#', '#top', '#a?utm_source=x'),
    )
    .map(([origin, path, query, fragment]) => new URL(`${origin}${path}${query === undefined ? '' : `?${query.join('&')}`}${fragment}`).href);

  it('gives canonicalUrl(new URL(href)) for serialised URLs', () => {
    fc.assert(
      fc.property(url, (href) => {
        expect(canonicalHref(href)).toBe(canonicalUrl(new URL(href)));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps queries without tracking parameters and drops the fragment', () => {
    expect(canonicalHref('https://example.org/a?id=1&page=2#top')).toBe('https://example.org/a?id=1&page=2');
    expect(canonicalHref('https://example.org/a?id=1&utm_source=x')).toBe('https://example.org/a?id=1');
    expect(canonicalHref('https://example.org/a?utm%5Fsource=x')).toBe('https://example.org/a');
    expect(canonicalHref('https://example.org/a#b?utm_source=x')).toBe('https://example.org/a');
  });
});
