import type { FeedFilters } from '../contracts/config.js';
import type { FeedItem } from '../contracts/item.js';
import { htmlToText } from '../items/text.js';
import { compileFilterPattern, type FilterPattern } from './pattern.js';

export const FILTER_FIELDS = ['title', 'summary', 'content', 'url', 'author', 'categories'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
/** Fields searched when a filter names none. */
export const DEFAULT_FILTER_FIELDS: readonly FilterField[] = ['title', 'summary', 'content'];

/** Filters, a count limit and an age limit, as feeds.yml or a feed URL's query gives them. */
export interface ItemSelection {
  readonly filters?: FeedFilters;
  readonly limit?: number;
  /** Seconds: items published (or updated) longer ago are dropped; undated items stay. */
  readonly maxAgeSeconds?: number;
}

/**
 * The items `selection` keeps, in their order: those matching at least one `include` entry (all,
 * when there is none) and no `exclude` entry, no older than `maxAgeSeconds`, at most `limit`.
 * Entries are compiled here; call `compileFilterPattern` first to report bad ones nicely.
 */
export function selectItems(items: readonly FeedItem[], selection: ItemSelection, now: Date = new Date()): FeedItem[] {
  const include = (selection.filters?.include ?? []).map(compileFilterPattern);
  const exclude = (selection.filters?.exclude ?? []).map(compileFilterPattern);
  const fields = selection.filters?.fields?.length ? selection.filters.fields : DEFAULT_FILTER_FIELDS;
  const oldest = selection.maxAgeSeconds === undefined ? undefined : now.getTime() - selection.maxAgeSeconds * 1000;
  const kept: FeedItem[] = [];
  for (const item of items) {
    if (selection.limit !== undefined && kept.length >= selection.limit) break;
    if (oldest !== undefined) {
      const date = item.published_at ?? item.updated_at;
      if (date && date.getTime() < oldest) continue;
    }
    if (include.length > 0 || exclude.length > 0) {
      const texts = fields.map((field) => fieldText(item, field));
      if (include.length > 0 && !matchesAny(include, texts)) continue;
      if (matchesAny(exclude, texts)) continue;
    }
    kept.push(item);
  }
  return kept;
}

function matchesAny(patterns: readonly FilterPattern[], texts: readonly string[]): boolean {
  return patterns.some((pattern) => texts.some((text) => text !== '' && pattern.test(text)));
}

function fieldText(item: FeedItem, field: FilterField): string {
  switch (field) {
    case 'title': return item.title ?? '';
    case 'summary': return item.description ? htmlToText(item.description) : '';
    case 'content': return item.content ? htmlToText(item.content) : '';
    case 'url': return item.url ?? '';
    case 'author': return item.author ?? '';
    case 'categories': return item.categories.join('\n');
  }
}

/** True when the selection changes anything. */
export function selectsSomething(selection: ItemSelection): boolean {
  const filters = selection.filters;
  return selection.limit !== undefined || selection.maxAgeSeconds !== undefined || (filters?.include?.length ?? 0) > 0 || (filters?.exclude?.length ?? 0) > 0;
}
