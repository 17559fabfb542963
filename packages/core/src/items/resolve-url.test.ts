import { describe, expect, it } from 'vitest';
import { isWebHref, resolveHref } from './resolve-url.js';

describe('resolveHref', () => {
  it('resolves against each base separately, also when asked again', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(resolveHref('../x?a=1#f', 'https://example.com/a/b/c')).toBe('https://example.com/a/x?a=1#f');
      expect(resolveHref('../x?a=1#f', 'https://other.example/q/r')).toBe('https://other.example/x?a=1#f');
      expect(resolveHref('HTTPS://Example.COM:443/A', 'https://example.com/')).toBe('https://example.com/A');
    }
  });

  it('answers undefined for what does not parse, every time', () => {
    expect(resolveHref('http://[bad', 'https://example.com/')).toBeUndefined();
    expect(resolveHref('http://[bad', 'https://example.com/')).toBeUndefined();
    expect(resolveHref('x', 'not a base')).toBeUndefined();
  });

  it('keeps answering correctly after the memo is emptied when full', () => {
    for (let index = 0; index < 25_000; index += 1) resolveHref(`/p${index}`, 'https://example.com/');
    expect(resolveHref('/p3', 'https://example.com/')).toBe('https://example.com/p3');
    expect(resolveHref('/p24999', 'https://example.com/')).toBe('https://example.com/p24999');
  });

  it('tells http(s) hrefs from other schemes', () => {
    expect(isWebHref(resolveHref('mailto:a@b.c', 'https://example.com/')!)).toBe(false);
    expect(isWebHref(resolveHref('javascript:x', 'https://example.com/')!)).toBe(false);
    expect(isWebHref(resolveHref('//cdn.example.org/a', 'http://example.com/')!)).toBe(true);
  });
});
