import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SelectorsConfig } from '../contracts/config.js';
import { parseHtmlSource } from '../dom/parse.js';
import { compiledSelectorsConfig } from './compile.js';
import { extractItems } from './extract-items.js';

const page = parseHtmlSource(readFileSync(new URL('./__fixtures__/news-list.html', import.meta.url), 'utf8'), 'https://news.example/blog/');
const options = { baseUrl: page.url, now: new Date('2024-06-15T12:00:00Z') };

/** A configuration used for many builds is compiled once; the answers stay those of a fresh compile. */
describe('compiledSelectorsConfig', () => {
  const selectors: SelectorsConfig = {
    items: { selector: 'article.post' },
    parts: {
      title: { selector: 'h2' },
      url: { selector: 'h2 a', extractor: 'href' },
      description: { selector: '.body', extractor: 'html', post_process: [{ name: 'sanitize_html', options: {} }] },
    },
  };

  it('gives the same compiled form for the same object and path, a new one for another path', () => {
    const first = compiledSelectorsConfig(selectors);
    expect(compiledSelectorsConfig(selectors)).toBe(first);
    const other = compiledSelectorsConfig(selectors, 'feeds[2].selectors');
    expect(other).not.toBe(first);
    expect(other.path).toBe('feeds[2].selectors');
    expect(compiledSelectorsConfig({ ...selectors })).not.toBe(other);
  });

  it('extracts the same drafts on every build', () => {
    const first = extractItems(page, selectors, options);
    const second = extractItems(page, selectors, options);
    expect(first.drafts.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });

  it('throws the configuration error on every build and remembers nothing for a bad configuration', () => {
    const bad: SelectorsConfig = { items: { selector: 'article.post' }, parts: { title: { selector: 'h2[' } } };
    for (let build = 0; build < 2; build += 1) {
      expect(() => extractItems(page, bad, options)).toThrow(/Invalid CSS selector at selectors\.title\.selector/);
    }
  });
});
