import { describe, expect, it } from 'vitest';
import { parseHtmlSource, toSourceDocument } from './parse.js';

describe('parseHtmlSource base URL', () => {
  const url = 'https://example.com/news/list.html';

  it('uses the page URL when there is no <base>', () => {
    expect(parseHtmlSource('<html><head><basefont size="3"></head><body><a href="/a">a</a></body></html>', url).url).toBe(url);
  });

  it.each([
    ['<head><base href="https://cdn.example.org/site/"></head>', 'https://cdn.example.org/site/'],
    ['<HEAD><BASE HREF="/other/"></HEAD>', 'https://example.com/other/'],
    ['<head><base\nhref="sub/"/></head>', 'https://example.com/news/sub/'],
    ['<body><p>late</p><base href="/late/"></body>', 'https://example.com/late/'],
    ['<head><base target="_blank"><base href="/second/"></head>', 'https://example.com/second/'],
  ])('%s → %s', (head, expected) => {
    expect(parseHtmlSource(`<!doctype html><html>${head}<body></body></html>`, url).url).toBe(expected);
  });

  it('ignores a <base> without href and an unusable href', () => {
    expect(parseHtmlSource('<head><base target="_top"></head>', url).url).toBe(url);
    expect(parseHtmlSource('<head><base href="http://[bad"></head>', url).url).toBe(url);
  });

  it('a <base> mentioned only in text or a comment changes nothing', () => {
    expect(parseHtmlSource('<!-- <base href="/x/"> --><p>&lt;base href="/y/"&gt;</p>', url).url).toBe(url);
  });

  it('JSON sources keep their URL', () => {
    const document = toSourceDocument({ url, status: 200, headers: {}, body: '{"a":1}', contentType: 'application/json' });
    expect(document).toMatchObject({ kind: 'json', url, data: { a: 1 } });
  });
});
