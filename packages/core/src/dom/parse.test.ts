import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_NESTING_DEPTH, parseHtmlSource, toSourceDocument } from './parse.js';

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

describe('hostile nesting', () => {
  it('refuses a page nested deeper than MAX_NESTING_DEPTH before htmlparser2 spends minutes on it', () => {
    const deep = `<html><head><base href="/x/"></head><body>${'<div>'.repeat(200_000)}x${'</div>'.repeat(200_000)}</body></html>`;
    expect(() => parseHtmlSource(deep, 'https://example.com/')).toThrow(
      expect.objectContaining({ code: 'InputInvalid', message: expect.stringContaining(`more than ${MAX_NESTING_DEPTH} levels`) }),
    );
  });

  it('lets through pages with many implicitly closed or void elements', () => {
    const list = `<ul>${'<li><a href="/a">a</a><br><img src="/i.png">'.repeat(50_000)}</ul>`;
    const source = parseHtmlSource(`<html><body>${list}</body></html>`, 'https://example.com/');
    expect(source.document.children.length).toBeGreaterThan(0);
  });

  it('finds <base href> in a page nested a few thousand levels deep without overflowing the stack', () => {
    const html = `<html><head></head><body>${'<div>'.repeat(4_000)}<base href="https://cdn.example.com/b/">${'</div>'.repeat(4_000)}</body></html>`;
    expect(parseHtmlSource(html, 'https://example.com/').url).toBe('https://cdn.example.com/b/');
  });
});

describe('hostile JSON nesting', () => {
  const json = (body: string) => ({ url: 'https://api.example.com/x', status: 200, headers: {}, body, contentType: 'application/json' });

  it('refuses JSON nested deeper than MAX_JSON_DEPTH with InputInvalid', () => {
    expect(() => toSourceDocument(json(`${'['.repeat(20_000)}${']'.repeat(20_000)}`))).toThrow(
      expect.objectContaining({ code: 'InputInvalid', message: expect.stringContaining(`more than ${MAX_JSON_DEPTH} levels`) }),
    );
  });

  it('does not count brackets inside strings', () => {
    const document = toSourceDocument(json(JSON.stringify({ text: '['.repeat(10_000), escaped: '\\"[[[' })));
    expect(document.kind).toBe('json');
  });
});
