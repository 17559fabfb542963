import type { ItemDraft } from '@pagefeed/core';
import { isRecord } from './json.js';
import { resolveUrl } from './url.js';
import { mostCommon } from './most-common.js';

/** Keys that hold an item title, best first (compared lower-cased). */
const TITLE_KEYS = ['title', 'headline', 'name', 'subject', 'label', 'heading', 'movie_title', 'display_name', 'displayname'];
const URL_KEYS = ['url', 'link', 'href', 'permalink', 'canonical_url', 'canonicalurl', 'html_url', 'web_url', 'weburl', 'absolute_url', 'share_url', 'uri', 'path'];
const DESCRIPTION_KEYS = ['description', 'summary', 'excerpt', 'teaser', 'abstract', 'subtitle', 'body', 'content', 'text'];
const DATE_KEYS = ['published_at', 'publishedat', 'date_published', 'datepublished', 'published', 'pubdate', 'date', 'created_at', 'createdat', 'created', 'updated_at', 'time', 'timestamp', 'survey_date'];
const IMAGE_KEYS = ['image', 'image_url', 'imageurl', 'thumbnail', 'thumbnail_url', 'cover', 'photo', 'picture'];

const NODE_BUDGET = 200_000;
const MAX_DEPTH = 16;

export interface FoundArray {
  /** JSON path like `data.posts`. */
  readonly path: string;
  readonly items: ItemDraft[];
  readonly titleKey: string;
  readonly hasUrls: boolean;
  readonly keys: Set<string>;
}

function lowerKeys(record: Record<string, unknown>): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const [key, value] of Object.entries(record)) if (!map.has(key.toLowerCase())) map.set(key.toLowerCase(), value);
  return map;
}

function pick(map: Map<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = map.get(key);
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (isRecord(value)) {
      const nested = value['url'] ?? value['href'] ?? value['src'] ?? value['rendered'];
      if (typeof nested === 'string' && nested.trim()) return nested.trim();
    }
  }
  return undefined;
}

function titleKeyOf(map: Map<string, unknown>): string | undefined {
  for (const key of TITLE_KEYS) {
    const value = map.get(key);
    if (typeof value === 'string' && value.trim().length >= 2 && value.length <= 400) return key;
    if (isRecord(value) && typeof value['rendered'] === 'string') return key;
  }
  return [...map.keys()].find((key) => key.endsWith('title') && typeof map.get(key) === 'string');
}

function toDraft(map: Map<string, unknown>, titleKey: string, base: string): ItemDraft {
  const draft: ItemDraft = { title: pick(map, [titleKey]) };
  const url = resolveUrl(pick(map, URL_KEYS), base);
  if (url) draft.url = url;
  const description = pick(map, DESCRIPTION_KEYS);
  if (description) draft.description = description.slice(0, 2_000);
  const date = pick(map, DATE_KEYS);
  if (date) draft.published_at = date;
  const image = resolveUrl(pick(map, IMAGE_KEYS), base);
  if (image) draft.image = image;
  return draft;
}

/**
 * Arrays of objects whose members mostly carry a title-like key, anywhere in `data`.
 * Walks iteratively under a node budget so huge or deep blobs stay cheap.
 */
export function findTitledArrays(data: unknown, base: string): FoundArray[] {
  const found: FoundArray[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: data, path: '$', depth: 0 }];
  let visited = 0;
  while (stack.length > 0 && visited < NODE_BUDGET) {
    const entry = stack.pop();
    if (!entry) break;
    visited += 1;
    const { value, path, depth } = entry;
    if (depth > MAX_DEPTH) continue;
    if (Array.isArray(value)) {
      const records = value.filter(isRecord);
      if (records.length >= 1 && records.length >= value.length * 0.6) {
        const maps = records.map(lowerKeys);
        const titleKeys = maps.map(titleKeyOf);
        const titleKey = mostCommon(titleKeys.filter((key): key is string => key !== undefined));
        if (titleKey && titleKeys.filter((key) => key === titleKey).length >= records.length * 0.6) {
          const items = maps.filter((map) => typeof pick(map, [titleKey]) === 'string').map((map) => toDraft(map, titleKey, base));
          const keys = new Set(maps.flatMap((map) => [...map.keys()]));
          found.push({ path, items, titleKey, hasUrls: items.filter((item) => item.url).length >= items.length * 0.6, keys });
        }
      }
      for (let index = Math.min(value.length, 5_000) - 1; index >= 0; index -= 1) stack.push({ value: value[index], path: `${path}[${index}]`, depth: depth + 1 });
    } else if (isRecord(value)) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] ?? ['', undefined];
        if (typeof child === 'object' && child !== null) stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
      }
    }
  }
  return found;
}

/** The best array plus its siblings of the same shape (e.g. `new` and `recent` lists). */
export function bestArrays(found: readonly FoundArray[], requireUrls: boolean): FoundArray[] {
  const eligible = found.filter((array) => array.items.length > 0 && (!requireUrls || array.hasUrls) && !found.some((other) => other !== array && array.path.startsWith(`${other.path}[`) && other.items.length >= array.items.length));
  const best = [...eligible].sort((left, right) => right.items.length - left.items.length || left.path.localeCompare(right.path))[0];
  if (!best) return [];
  return eligible.filter((array) => array === best || (array.titleKey === best.titleKey && jaccard(array.keys, best.keys) >= 0.6));
}

function jaccard(left: Set<string>, right: Set<string>): number {
  let shared = 0;
  for (const key of left) if (right.has(key)) shared += 1;
  return shared / (left.size + right.size - shared || 1);
}
