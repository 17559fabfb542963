import type { ItemDraft, Scraper, ScraperResult } from '@pagefeed/core';
import { ARTICLE_TYPES, jsonLdNodes, typesOf } from '../util/json-ld.js';
import { isRecord } from '../util/json.js';
import { resolveUrl, urlKey } from '../util/url.js';
import { decodeHTML } from 'entities';
import { preferShownLinks, type DraftLinks } from './shown-links.js';
import { withoutSharedDate } from '../util/shared-dates.js';

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return text(value[0]);
  if (isRecord(value)) return text(value['name'] ?? value['@value'] ?? value['url'] ?? value['@id']);
  return undefined;
}

/** An HTML character reference ("&#8217;", "&#x2013;", "&amp;"). */
const ENTITY = /&(?:#\d{2,7}|#x[\da-f]{2,6}|[a-z][a-z\d]{1,30});/i;

/**
 * A JSON-LD text as the page shows it: blog and calendar plugins write a title's HTML character
 * references into their JSON-LD ("Jim Clayton&#8217;s Jazz Jukebox", "Meeting&#8211;CANCELLED"),
 * which JSON does not decode; the page's own text shows the characters.
 */
function withoutEntities(value: string | undefined): string | undefined {
  return value !== undefined && ENTITY.test(value) ? decodeHTML(value) : value;
}

function nodeUrl(node: Record<string, unknown>, base: string): string | undefined {
  const direct = text(node['url']) ?? text(node['mainEntityOfPage']) ?? text(node['@id']);
  return resolveUrl(direct, base);
}

/** An item draft from an Article-family (or any titled, linked) node. */
export function draftFromNode(node: Record<string, unknown>, base: string): ItemDraft | undefined {
  const title = withoutEntities(text(node['headline']) ?? text(node['name']));
  if (!title) return undefined;
  const draft: ItemDraft = { title };
  const url = nodeUrl(node, base);
  if (url) draft.url = url;
  const description = text(node['description']) ?? text(node['abstract']);
  if (description) draft.description = description;
  const image = resolveUrl(text(node['image']) ?? text(node['thumbnailUrl']), base);
  if (image) draft.image = image;
  const published = text(node['datePublished']) ?? text(node['uploadDate']) ?? text(node['startDate']) ?? text(node['dateCreated']);
  if (published) draft.published_at = published;
  const updated = text(node['dateModified']);
  if (updated) draft.updated_at = updated;
  const author = text(node['author']);
  if (author) draft.author = author;
  const section = node['articleSection'] ?? node['keywords'];
  const categories = (Array.isArray(section) ? section : typeof section === 'string' ? section.split(',') : []).filter((value): value is string => typeof value === 'string').map((value) => value.trim()).filter(Boolean);
  if (categories.length > 0) draft.categories = categories;
  return draft;
}

/** The node's addresses (`url`, `mainEntityOfPage`, `@id`), resolved, without repeats. */
function nodeAddresses(node: Record<string, unknown>, base: string): string[] {
  const addresses: string[] = [];
  for (const key of ['url', 'mainEntityOfPage', '@id']) {
    const url = resolveUrl(text(node[key]), base);
    if (url && !addresses.includes(url)) addresses.push(url);
  }
  return addresses;
}

function nodeDraft(node: Record<string, unknown>, base: string): DraftLinks | undefined {
  const draft = draftFromNode(node, base);
  return draft ? { draft, alternates: nodeAddresses(node, base) } : undefined;
}

function itemListDrafts(node: Record<string, unknown>, base: string): DraftLinks[] {
  const elements = node['itemListElement'];
  if (!Array.isArray(elements)) return [];
  const sorted = [...elements].filter(isRecord).sort((left, right) => Number(left['position'] ?? 0) - Number(right['position'] ?? 0));
  return sorted.flatMap((element) => {
    const inner = isRecord(element['item']) ? element['item'] : element;
    const entry = nodeDraft(inner, base) ?? nodeDraft(element, base);
    if (entry && !entry.draft.url) {
      const url = resolveUrl(text(element['url']) ?? text(element['item']), base);
      if (url) entry.draft.url = url;
    }
    return entry ? [entry] : [];
  });
}

export interface JsonLdOptions {
  /**
   * Move an item whose link the page never shows to the address the page shows for it
   * (`scrapers/shown-links.ts`; on unless false; eleventh session).
   */
  readonly shownLinks?: boolean;
}

/**
 * JSON-LD: ItemList elements, Blog/CollectionPage parts, and Article-family nodes. A lone Article
 * that is the page itself is not a list and yields nothing (the surface check reports it).
 */
export function createJsonLd(options: JsonLdOptions = {}): Scraper {
  return {
    name: 'json-ld',
    scrape(document): ScraperResult {
      if (document.kind !== 'html') return { items: [], candidates: [] };
      const nodes = jsonLdNodes(document.document);
      const lists: DraftLinks[][] = [];
      const articles: DraftLinks[] = [];
      for (const node of nodes) {
        const types = typesOf(node);
        if (types.includes('BreadcrumbList')) continue;
        if (types.includes('ItemList') || Array.isArray(node['itemListElement'])) lists.push(itemListDrafts(node, document.url));
        for (const key of ['blogPost', 'hasPart', 'mainEntity']) {
          const part = node[key];
          if (Array.isArray(part)) lists.push(part.filter(isRecord).flatMap((child) => nodeDraft(child, document.url) ?? []));
          else if (isRecord(part) && Array.isArray(part['itemListElement'])) lists.push(itemListDrafts(part, document.url));
        }
        if (types.some((type) => ARTICLE_TYPES.has(type) && type !== 'WebPage')) {
          const entry = nodeDraft(node, document.url);
          if (entry && (!entry.draft.url || urlKey(entry.draft.url) !== urlKey(document.url))) articles.push(entry);
        }
      }
      const bestLinks = [...lists, articles].filter((list) => list.some((entry) => entry.draft.url)).sort((left, right) => right.length - left.length)[0] ?? [];
      if (options.shownLinks !== false) preferShownLinks(bestLinks, document.document, document.url);
      withoutSharedDate(bestLinks.map((entry) => entry.draft));
      return resultOf(bestLinks.map((entry) => entry.draft));
    },
  };
}

function resultOf(best: readonly ItemDraft[]): ScraperResult {
  const withUrls = best.filter((draft) => draft.url);
  const candidates = withUrls.length > 0 ? [{ scraper: 'json-ld', source: 'json-ld', score: withUrls.length, itemCount: withUrls.length, features: [{ name: 'count', value: withUrls.length, weight: withUrls.length }] }] : [];
  return { items: withUrls, candidates };
}

/** The JSON-LD tier as shipped (`shownLinks` on). */
export const jsonLd: Scraper = createJsonLd();
