import type { FeedConfig } from '../contracts/config.js';
import type { HtmlSourceDocument, SourceDocument } from '../contracts/document.js';
import { isFeedError } from '../contracts/errors.js';
import type { ItemDraft } from '../contracts/item.js';
import { toSourceDocument } from '../dom/parse.js';
import { compileSelector } from '../dom/select.js';
import { extractManualItems } from './manual-items.js';
import { fetchSource, type SourceRequest } from './source.js';
import type { FeedWarning } from './types.js';

/** Pages followed when `max_pages` is not given: enough for most archives, bounded for the source's sake. */
export const DEFAULT_MAX_PAGES = 5;
const PATH = 'selectors.items.pagination';

/**
 * `items.pagination`: follow the "next page" link from each page (same strategy and guard as the
 * first page) and extract its items the same way, up to `max_pages` pages in all. A page that
 * fails ends the walk with a warning; the items gathered so far stay.
 */
export async function followPagination(
  first: SourceDocument,
  config: FeedConfig,
  source: SourceRequest | undefined,
  locale: string | undefined,
  warnings: FeedWarning[],
): Promise<ItemDraft[]> {
  const pagination = config.selectors?.items.pagination;
  if (!pagination || first.kind !== 'html') return [];
  if (!source) {
    warnings.push({ code: 'PaginationNotFollowed', message: 'Pagination is not followed for a page given as input (only the first page is read)', path: PATH });
    return [];
  }
  const next = compileSelector(pagination.selector, `${PATH}.selector`);
  const maxPages = pagination.max_pages ?? DEFAULT_MAX_PAGES;
  const seen = new Set([first.url]);
  const drafts: ItemDraft[] = [];
  let page: HtmlSourceDocument = first;
  for (let pageNumber = 2; pageNumber <= maxPages; pageNumber += 1) {
    const url = nextPageUrl(page, next.selectOne(page.document)?.attribs['href']);
    if (!url || seen.has(url)) break;
    seen.add(url);
    try {
      const document = toSourceDocument(await fetchSource(source, url));
      if (document.kind !== 'html') break;
      drafts.push(...extractManualItems(document, config, locale, warnings));
      page = document;
    } catch (error) {
      if (!isFeedError(error)) throw error;
      warnings.push({ code: 'PaginationStopped', message: `Stopped following pages at page ${pageNumber} (${url}): ${error.message}`, path: PATH });
      break;
    }
  }
  return drafts;
}

function nextPageUrl(page: HtmlSourceDocument, href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, page.url);
    url.hash = '';
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
