import type { Enclosure, ItemDraft } from '../contracts/item.js';
import { textToHtml } from '../items/text.js';
import { setItemHtml } from './entry-values.js';
import type { FeedEntry } from './feed-content.js';
import { authorNames, isJsonObject, member, objectsIn, stringMember, type JsonObject } from './json-values.js';
import { nonBlank, resolveUrl } from './xml.js';

/**
 * One JSON Feed item as a draft. An item that is not an object gives an empty draft, which the
 * normaliser leaves out like any entry with nothing to show. Members of the wrong type are
 * skipped, never coerced (but `id`, which the spec says readers coerce to a string).
 */
export function readJsonFeedItem(value: unknown, base: string, feedAuthor: string | undefined): FeedEntry {
  if (!isJsonObject(value)) return { draft: {}, guid: undefined };
  const guid = itemId(member(value, 'id'));
  const draft: ItemDraft = {};
  const title = stringMember(value, 'title');
  if (title !== undefined) draft.title = title;
  // `url` is the item's own page; `external_url` the page it is about (a link blog's target).
  const url = resolveUrl(stringMember(value, 'url'), base) ?? resolveUrl(stringMember(value, 'external_url'), base);
  if (url !== undefined) draft.url = url;
  const summary = stringMember(value, 'summary');
  setItemHtml(draft, 'description', summary === undefined ? undefined : textToHtml(summary), base);
  const html = stringMember(value, 'content_html');
  const text = stringMember(value, 'content_text');
  setItemHtml(draft, 'content', html ?? (text === undefined ? undefined : textToHtml(text)), base);
  const author = authorNames(value) ?? feedAuthor;
  if (author !== undefined) draft.author = author;
  const tags = member(value, 'tags');
  const categories = Array.isArray(tags) ? tags.map((tag) => (typeof tag === 'string' ? nonBlank(tag) : undefined)).filter((tag): tag is string => tag !== undefined) : [];
  if (categories.length > 0) draft.categories = categories;
  const published = stringMember(value, 'date_published');
  if (published !== undefined) draft.published_at = published;
  const modified = stringMember(value, 'date_modified');
  if (modified !== undefined) draft.updated_at = modified;
  const image = resolveUrl(stringMember(value, 'image'), base) ?? resolveUrl(stringMember(value, 'banner_image'), base);
  if (image !== undefined) draft.image = image;
  const enclosure = firstAttachment(value, base);
  if (enclosure) draft.enclosure = enclosure;
  if (guid !== undefined) draft.guid = guid;
  return { draft, guid };
}

/** The spec: "If an id is presented as a number or other type, a JSON Feed reader must coerce it to a string." */
function itemId(value: unknown): string | undefined {
  if (typeof value === 'string') return nonBlank(value);
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/** RSS and Atom output carry one enclosure: the first attachment with a usable URL. */
function firstAttachment(item: JsonObject, base: string): Enclosure | undefined {
  for (const attachment of objectsIn(item, 'attachments')) {
    const url = resolveUrl(stringMember(attachment, 'url'), base);
    if (url === undefined) continue;
    const type = stringMember(attachment, 'mime_type');
    const length = member(attachment, 'size_in_bytes');
    return { url, ...(type ? { type } : {}), ...(typeof length === 'number' && Number.isInteger(length) && length > 0 ? { length } : {}) };
  }
  return undefined;
}
