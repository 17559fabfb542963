import type { FeedItem } from '../contracts/item.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** An item between normalisation and GUID assignment. */
export interface PreparedItem {
  fields: Mutable<Omit<FeedItem, 'guid' | 'guidIsPermalink' | 'categories'>> & { categories: string[] };
  /** Canonical URL without fragment. */
  readonly urlKey?: string;
  /** `#...` of the item URL, or ''. */
  readonly fragment?: string;
  readonly explicitGuid?: string;
  /** Set by `mergeDuplicates`: the URL the item is known by, when it identifies the item. */
  guidKey?: string;
}

/**
 * Merges items that point at the same article (first wins, later copies fill its gaps), keeping
 * page order. Two exceptions keep distinct items apart:
 * - items sharing a page but with different fragments (`changelog#v2`, `changelog#v1`) are entries
 *   of one page, so the fragment stays in their key;
 * - items whose link is the source page itself (sites without per-item links) are not merged and
 *   get a content GUID instead.
 */
/**
 * The items are the normaliser's own, made for this call: the first of each key is completed in
 * place (its GUID key set, gaps filled from later copies) rather than copied, so every item keeps
 * the hidden class it was built with.
 */
export function mergeDuplicates(items: readonly PreparedItem[], pageKey: string | undefined): PreparedItem[] {
  const fragmentsByKey = new Map<string, Set<string>>();
  for (const item of items) {
    if (item.urlKey === undefined || !item.fragment) continue;
    const fragments = fragmentsByKey.get(item.urlKey) ?? new Set<string>();
    fragments.add(item.fragment);
    fragmentsByKey.set(item.urlKey, fragments);
  }
  const result: PreparedItem[] = [];
  const byKey = new Map<string, PreparedItem>();
  for (const item of items) {
    const key = mergeKey(item, fragmentsByKey, pageKey);
    if (key === undefined) {
      result.push(item);
      continue;
    }
    const existing = byKey.get(key);
    if (existing) {
      fillGaps(existing, item);
      continue;
    }
    item.guidKey = key;
    byKey.set(key, item);
    result.push(item);
  }
  return result;
}

function mergeKey(item: PreparedItem, fragmentsByKey: Map<string, Set<string>>, pageKey: string | undefined): string | undefined {
  if (item.urlKey === undefined) return undefined;
  const distinctFragments = (fragmentsByKey.get(item.urlKey)?.size ?? 0) > 1;
  if (distinctFragments && item.fragment) return `${item.urlKey}${item.fragment}`;
  if (item.urlKey === pageKey) return undefined;
  return item.urlKey;
}

function fillGaps(target: PreparedItem, source: PreparedItem): void {
  const fields = target.fields as Record<string, unknown>;
  for (const [name, value] of Object.entries(source.fields)) {
    if (name === 'categories' || value === undefined) continue;
    if (fields[name] === undefined) fields[name] = value;
  }
  for (const category of source.fields.categories) {
    if (!target.fields.categories.includes(category)) target.fields.categories.push(category);
  }
}
