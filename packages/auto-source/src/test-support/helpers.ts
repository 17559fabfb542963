import { readFileSync } from 'node:fs';
import { parseHtmlSource, type FeedConfig, type HtmlSourceDocument, type ScraperContext } from '@pagefeed/core';

/** A parsed fixture page from `__fixtures__/`. */
export function fixture(name: string, url = 'https://example.test/list'): HtmlSourceDocument {
  return parseHtmlSource(readFileSync(new URL(`../__fixtures__/${name}`, import.meta.url), 'utf8'), url);
}

export function page(html: string, url = 'https://example.test/list'): HtmlSourceDocument {
  return parseHtmlSource(html, url);
}

/** A scraper context; only the channel URL matters to scrapers. */
export function context(extra: Partial<ScraperContext> = {}): ScraperContext {
  const config = { channel: { url: 'https://example.test/list' }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } as unknown as FeedConfig;
  return { config, ...extra };
}
