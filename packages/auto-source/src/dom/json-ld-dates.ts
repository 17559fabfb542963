import type { Document } from 'domhandler';
import { jsonLdNodes } from '../util/json-ld.js';
import { isRecord } from '../util/json.js';
import { resolveUrl, urlKey } from '../util/url.js';
import { isSharedDate } from '../util/shared-dates.js';

/** Keys whose value is an entry's date, in order of preference. */
const DATE_KEYS = ['datePublished', 'uploadDate', 'startDate', 'datePosted', 'dateCreated'] as const;

/**
 * Dates for the items of the chosen DOM list from the page's JSON-LD (issue 17, sixth session): an
 * `ItemList`'s `itemListElement` entries, `blogPost`/`hasPart` parts or any other node that names a
 * URL and a date (`datePublished`, `uploadDate`, `startDate`, `datePosted`, `dateCreated`) date the
 * item whose link is that URL, when the item has no date of its own. The page's own node (its URL
 * is the page's) dates nothing; a URL given two different dates dates nothing; one date shared by
 * every entry (three or more) dates nothing.
 */
export function datesFromJsonLd(document: Document, base: string, drafts: { url?: string | undefined; published_at?: Date | string | undefined }[]): void {
  if (!drafts.some((draft) => draft.published_at === undefined && draft.url)) return;
  const dates = new Map<string, string | null>();
  const page = urlKey(base);
  const visit = (node: unknown, depth: number): void => {
    if (depth > 8) return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, depth + 1);
      return;
    }
    if (!isRecord(node)) return;
    const date = DATE_KEYS.map((key) => node[key]).find((value): value is string => typeof value === 'string' && value.trim() !== '');
    const direct = [node['url'], node['@id'], isRecord(node['item']) ? undefined : node['item']].find((value): value is string => typeof value === 'string');
    const url = resolveUrl(direct, base);
    if (date && url && urlKey(url) !== page) {
      const key = urlKey(url);
      const known = dates.get(key);
      dates.set(key, known === undefined || known === date.trim() ? date.trim() : null);
    }
    for (const key in node) if (key !== '@context') visit(node[key], depth + 1);
  };
  for (const node of jsonLdNodes(document)) visit(node, 0);
  if (dates.size === 0) return;
  // One date on every entry is a placeholder, not any item's date (util/shared-dates.ts).
  const values = [...dates.values()];
  if (!values.includes(null) && isSharedDate(values as string[])) return;
  for (const draft of drafts) {
    if (draft.published_at !== undefined || !draft.url) continue;
    const date = dates.get(urlKey(draft.url));
    if (date) draft.published_at = date;
  }
}
