import type { ItemDraft, Scraper, ScraperResult } from '@pagefeed/core';
import { attribute, classesOf, findFirst, headElements } from '../util/dom.js';
import { isRecord, parseLenient } from '../util/json.js';
import { resolveUrl } from '../util/url.js';

function rendered(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value['rendered'] === 'string') return value['rendered'];
  return undefined;
}

/**
 * WordPress REST follow-up: when the page advertises `api.w.org`, asks the same origin's
 * `/wp/v2/posts` through `context.fetch` (the caller's strategy and guard). Skipped for single
 * posts, without a fetch function, and for an API on another origin.
 */
export const wordpressRest: Scraper = {
  name: 'wordpress-rest',
  async scrape(document, context): Promise<ScraperResult> {
    const empty = { items: [], candidates: [] };
    if (document.kind !== 'html' || !context.fetch) return empty;
    const link = headElements(document.document, (element) => element.name === 'link' && (attribute(element, 'rel') ?? '').toLowerCase() === 'https://api.w.org/')[0];
    const api = resolveUrl(link ? attribute(link, 'href') : undefined, document.url);
    if (!api || new URL(api).origin !== new URL(document.url).origin) return empty;
    const body = findFirst(document.document, (element) => element.name === 'body');
    if (body && classesOf(body).some((name) => name === 'single' || name === 'single-post' || name === 'page')) return empty;
    const endpoint = new URL('wp/v2/posts?per_page=20&_fields=title,link,date_gmt,excerpt', api.endsWith('/') ? api : `${api}/`).href;
    const result = await context.fetch(endpoint);
    if (result.status >= 400) return empty;
    const data = parseLenient(result.body);
    if (!Array.isArray(data)) return empty;
    const items: ItemDraft[] = data.filter(isRecord).flatMap((post) => {
      const title = rendered(post['title']);
      const url = resolveUrl(typeof post['link'] === 'string' ? post['link'] : undefined, document.url);
      if (!title || !url) return [];
      const draft: ItemDraft = { title, url };
      const excerpt = rendered(post['excerpt']);
      if (excerpt) draft.description = excerpt;
      if (typeof post['date_gmt'] === 'string') draft.published_at = `${post['date_gmt']}Z`;
      return [draft];
    });
    return { items, candidates: [{ scraper: 'wordpress-rest', source: endpoint, score: items.length, itemCount: items.length, features: [{ name: 'count', value: items.length, weight: items.length }] }] };
  },
};
