import { readFileSync } from 'node:fs';
import { FeedError, parseHtmlSource, parseTime, type FeedConfig, type HtmlSourceDocument, type ScraperContext } from '@pagefeed/core';
import { createAutoSource } from '../create-auto-source.js';
import { attribute, findFirst } from '../util/dom.js';

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

/** The clock the item-field tests read dates against. */
export const TEST_NOW = new Date('2026-11-26T12:00:00Z');

/** The items auto-extraction makes of a page body, with their dates read as core reads them (ISO day). */
export async function itemsOf(body: string, options: Parameters<typeof createAutoSource>[0] = {}): Promise<{ title: string | undefined; day: string | undefined }[]> {
  const result = await createAutoSource(options).extract(page(`<!doctype html><html><body>${body}</body></html>`), context());
  return result.items.map((item) => ({
    title: item.title,
    day: typeof item.published_at === 'string' ? parseTime(item.published_at, { now: TEST_NOW })?.toISOString().slice(0, 10) : undefined,
  }));
}

/** The element marked `data-member` in a page body, and the one marked `data-link` if any. */
export function memberOf(html: string) {
  const document = page(`<!doctype html><html><body>${html}</body></html>`).document;
  const member = findFirst(document, (element) => attribute(element, 'data-member') !== undefined);
  if (!member) throw new Error('no data-member element in the fixture');
  const link = findFirst(document, (element) => attribute(element, 'data-link') !== undefined);
  return { member, link };
}

/** What auto-extraction answers for a page: "<n> items", or the class of the feed error it raises. */
export async function outcomeOf(html: string, url: string, options: Parameters<typeof createAutoSource>[0] = {}): Promise<string | undefined> {
  try {
    const result = await createAutoSource(options).extract(page(html, url), context());
    return `${result.items.length} items`;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    return error.class;
  }
}

/** The page's class for auto-extraction: "items" when it gives a list, else the class of the feed error it raises. */
export async function classOf(html: string, options: Parameters<typeof createAutoSource>[0] = {}): Promise<string | undefined> {
  try {
    await createAutoSource(options).extract(page(html), context());
    return 'items';
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    return error.class;
  }
}

/** Eight distinct row texts, for lists written in a test. */
export const ROW_TEXTS = [
  'Our validator now checks accessibility of forms as well',
  'Scheduled maintenance tonight between two and four',
  'New pricing for teams with more than ten members',
  'How we cut the report time in half last quarter',
  'The browser extension is out of beta today',
  'Thanks to everyone who came to the meetup in Lyon',
  'A small bug in the sitemap export is fixed',
  'We are hiring a support engineer in Madrid',
];
