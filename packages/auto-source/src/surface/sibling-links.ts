import type { Document } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { attribute, headElements } from '../util/dom.js';

/**
 * A page that declares itself one item (an article, a video, a book, a product) and whose chosen
 * "list" links to addresses of the page's own kind — other pages cut from the same address
 * template (`/watch?v=…` beside `/watch?v=…`, `/ask/123/slug` beside `/ask/456/other-slug`), or
 * the page itself with another query (comment reply links) — is an item page with a related,
 * recommended or "latest" block, not a list to subscribe to (eighth session, issue #16).
 *
 * Two pieces of evidence, both structural: the page's own declaration (og:type, or a single JSON-LD
 * article entity, read by the caller) and the shape of the list's link targets relative to the
 * page's own address. A list page links to item pages, whose addresses differ in kind from its own
 * (a section, a category, a search, the site root); an item page's related block links to its
 * siblings. No site, URL or class is named.
 */

/** og:type values that name one object (Open Graph's single-object types). */
const SINGLE_OBJECT_TYPE = /^(article|book|product|music\.song|video(\.(movie|episode|other))?)$/i;
/** Share of the list's linked items that must point at the page's own kind of address. */
const SIBLING_SHARE = 0.6;
/** Fewest distinct sibling addresses (a pair of links is no block). */
const FEWEST_SIBLINGS = 3;

/** The page's og:type names one object (article, video, book, product, song). */
export function declaresSingleObject(document: Document): boolean {
  return headElements(document, (element) => element.name === 'meta' && (attribute(element, 'property') ?? attribute(element, 'name')) === 'og:type')
    .some((element) => SINGLE_OBJECT_TYPE.test((attribute(element, 'content') ?? '').trim()));
}

/**
 * The kind of an address: its host, its directories (numbers generalised), the class of its last
 * segment (a number, a long slug, a long number, a word, digits) with its extension, and which of
 * the page's query names it carries. Undefined for the site root and unparsable addresses.
 */
export function addressKind(url: string, queryNames: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const segments = parsed.pathname.split('/').filter(Boolean);
  const last = segments.pop();
  if (last === undefined) return undefined;
  const directories = segments.map((segment) => (/^\d+$/.test(segment) ? '#' : segment.toLowerCase()));
  const names = queryNames.filter((name) => parsed.searchParams.has(name));
  return `${parsed.host.replace(/^www\./, '')}/${directories.join('/')}/${segmentClass(decodeSafely(last))}?${names.join('&')}`;
}

function segmentClass(segment: string): string {
  if (/^\d+$/.test(segment)) return '#';
  const extension = (/\.[a-z0-9]{1,5}$/i.exec(segment)?.[0] ?? '').toLowerCase();
  const stem = segment.slice(0, segment.length - extension.length);
  const words = stem.split(/[-_+\s]+/).filter(Boolean).length;
  const shape = `${words >= 4 ? 'slug' : ''}${/\d{5,}/.test(stem) ? 'number' : ''}`;
  return `${shape || (/\d/.test(stem) ? 'digits' : 'word')}${extension}`;
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The share of the items' links that point at the page's own kind of address (not at the page
 * itself), and how many distinct such addresses there are.
 */
export function siblingLinks(pageUrl: string, items: readonly ItemDraft[]): { share: number; distinct: number } {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return { share: 0, distinct: 0 };
  }
  const queryNames = [...new Set(page.searchParams.keys())].sort();
  const own = addressKind(pageUrl, queryNames);
  const links = items.map((item) => item.url).filter((url): url is string => typeof url === 'string' && url.length > 0);
  if (!own || links.length === 0) return { share: 0, distinct: 0 };
  const self = withoutFragment(page.href);
  const siblings = links.filter((url) => withoutFragment(url) !== self && addressKind(url, queryNames) === own);
  return { share: siblings.length / links.length, distinct: new Set(siblings.map(withoutFragment)).size };
}

/**
 * Why the page is an item page with a block of its siblings, or undefined. The page must declare
 * itself one item: og:type names one object, or (`jsonLdArticle`, asked only when needed) its
 * JSON-LD describes a single article.
 */
export function siblingBlockReason(document: Document, pageUrl: string, items: readonly ItemDraft[], jsonLdArticle: () => boolean): string | undefined {
  const { share, distinct } = siblingLinks(pageUrl, items);
  if (share < SIBLING_SHARE || distinct < FEWEST_SIBLINGS) return undefined;
  // The declaration is read last: the address test above rules out nearly every page first.
  if (!declaresSingleObject(document) && !jsonLdArticle()) return undefined;
  return `the page declares itself one item and ${Math.round(share * 100)} % of the list's links point at pages of its own address kind: a related block on a single item page, not a list`;
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return (hash >= 0 ? url.slice(0, hash) : url).replace(/\/$/, '');
}
