import type { Enclosure, FeedItem, ItemDraft } from '../contracts/item.js';
import type { FeedWarning } from '../engine/types.js';
import { absoluteWebHref, absoluteWebUrl, canonicalHref, canonicalUrl, hrefFragment } from './canonical-url.js';
import { implausibleDate, toDate } from './dates.js';
import { mergeDuplicates, type PreparedItem } from './merge.js';
import { contentGuid, sha256Hex, uniqueGuid } from './guid.js';
import { forgetSanitisedOutputs, sanitisedMark, sanitizeItemHtml } from './sanitize.js';
import { isPlainText } from './plain-text.js';
import { htmlToText, plainTextToHtml, singleLine, textToHtml, titleFromText } from './text.js';

export interface NormalizeOptions {
  /** The extraction budget (`ExtractionTimeout` when spent). */
  readonly deadline?: { check(): void };
  /** The page's base URL: relative item links resolve against it. */
  readonly baseUrl: string;
  /** Zone for dates written without one (`channel.time_zone`). */
  readonly timeZone?: string;
  /** Page language (BCP 47): decides ambiguous numeric dates such as 03/05/2024. */
  readonly locale?: string;
  /**
   * How many leading drafts came from `selectors`: warnings about them name the part's
   * configuration path; drafts after them (auto-source) have none to name. Default: all.
   */
  readonly selectorItems?: number;
  /**
   * Explicit GUIDs are a source feed's own ids (RSS `guid`, Atom `id`), unique by that feed's
   * contract: kept as written, so readers moving from the source keep their read state.
   * Otherwise an explicit GUID from a page is hashed (or canonicalised, when a URL).
   */
  readonly keepGuids?: boolean;
  /** The build time (ms): dates more than a day after it are not believed. Default `Date.now()`. */
  readonly now?: number;
  /**
   * When the page was last changed (ms; its HTTP `Last-Modified`): dates the page shows without a
   * year ("Mar 14") get the year that puts them latest but not after it. Evidence for a year only,
   * never an item's date by itself. Ignored when after the build time.
   */
  readonly pageModified?: number;
  /**
   * When the response was served (ms; its HTTP `Date`): relative dates ("3 days ago", "yesterday")
   * count from it, and so do year-less dates when there is no `pageModified`. A saved or cached
   * response read later keeps its items' days. Ignored when after the build time or before 1990.
   */
  readonly pageServed?: number;
}

export interface NormalizeResult {
  readonly items: FeedItem[];
  readonly warnings: FeedWarning[];
}

/**
 * Drafts from selectors and auto-source → feed items: absolute http(s) URLs, one-line titles,
 * sanitised HTML, parsed dates (never "now" for an undated item), duplicates merged, a stable
 * GUID unique within the feed. Order of the page is kept.
 */
export function normalizeItems(drafts: readonly ItemDraft[], options: NormalizeOptions): NormalizeResult {
  const warnings: FeedWarning[] = [];
  const prepared: PreparedItem[] = [];
  drafts.forEach((draft, index) => {
    options.deadline?.check();
    const item = prepareItem(draft, index, options, warnings);
    if (item) prepared.push(item);
  });
  const pageKey = absoluteWebHref(options.baseUrl, options.baseUrl);
  const merged = mergeDuplicates(prepared, pageKey ? canonicalHref(pageKey) : undefined);
  const seen = new Set<string>();
  const items = merged.map((item) => finishItem(item, seen, options.keepGuids === true));
  // The post-processors' outputs were needed only until here; the next feed starts afresh.
  forgetSanitisedOutputs();
  return { items, warnings };
}

function prepareItem(draft: ItemDraft, index: number, options: NormalizeOptions, warnings: FeedWarning[]): PreparedItem | undefined {
  const fromSelectors = options.selectorItems === undefined || index < options.selectorItems;
  const warn = (code: string, message: string, part: string): void => {
    warnings.push({ code, message: `Item ${index + 1}: ${message}`, ...(fromSelectors ? { path: `selectors.${part}` } : {}), item: index });
  };
  const url = webUrl(draft.url, options.baseUrl, 'url', warn);
  const title = draft.title === undefined ? undefined : nonEmpty(singleLine(draft.title));
  const description = descriptionHtml(draft, options.baseUrl);
  const content = isPlainText(draft, 'content') ? escapedText(draft.content) : sanitisedMark(draft, 'content') ? nonEmptyHtml(draft.content) : html(draft.content, options.baseUrl);
  if (title === undefined && url === undefined && description === undefined && content === undefined) {
    warnings.push({
      code: 'ItemEmpty',
      message: `Item ${index + 1} was dropped: it has no title, URL or description; check the part selectors are relative to items.selector`,
      item: index,
    });
    return undefined;
  }
  const fields: PreparedItem['fields'] = { categories: categories(draft.categories) };
  assign(fields, 'title', title);
  assign(fields, 'url', url);
  assign(fields, 'description', description);
  assign(fields, 'content', content);
  assign(fields, 'author', draft.author === undefined ? undefined : nonEmpty(singleLine(draft.author)));
  assign(fields, 'image', webUrl(draft.image, options.baseUrl, 'image', warn));
  assign(fields, 'published_at', date(draft.published_at, 'published_at', options, warn));
  assign(fields, 'updated_at', date(draft.updated_at, 'updated_at', options, warn));
  assign(fields, 'enclosure', enclosure(draft.enclosure, options.baseUrl, warn));
  return {
    fields,
    ...(url === undefined ? {} : { urlKey: canonicalHref(url), fragment: hrefFragment(url) }),
    ...(draft.guid?.trim() ? { explicitGuid: draft.guid.trim() } : {}),
  };
}

function finishItem(item: PreparedItem, seen: Set<string>, keepGuids: boolean): FeedItem {
  const fields = item.fields;
  let title = fields.title;
  const derivedTitle = title === undefined;
  if (derivedTitle) {
    const text = htmlToText(fields.description ?? fields.content ?? '');
    if (text !== '') title = titleFromText(text);
  }
  const { guid, permalink } = keepGuids && item.explicitGuid !== undefined
    ? { guid: item.explicitGuid, permalink: item.explicitGuid === fields.url }
    : baseGuid(item, title, fields.published_at);
  const unique = uniqueGuid(guid, seen);
  return feedItem(fields, title, derivedTitle, unique.guid, permalink && !unique.changed);
}

/**
 * The item as a new object whose properties are added in one fixed order, so items with the same
 * fields share one V8 hidden class. Copies made by spreading each got a class of their own, and
 * every later read of an item (the renderers, the cache, the API) went through V8's slowest,
 * megamorphic path. Order: as the fields were first assigned, a title made from the text last.
 */
function feedItem(fields: PreparedItem['fields'], title: string | undefined, derivedTitle: boolean, guid: string, guidIsPermalink: boolean): FeedItem {
  const result = { categories: fields.categories } as unknown as Mutable<FeedItem>;
  if (!derivedTitle && title !== undefined) result.title = title;
  if (fields.url !== undefined) result.url = fields.url;
  if (fields.description !== undefined) result.description = fields.description;
  if (fields.content !== undefined) result.content = fields.content;
  if (fields.author !== undefined) result.author = fields.author;
  if (fields.image !== undefined) result.image = fields.image;
  if (fields.published_at !== undefined) result.published_at = fields.published_at;
  if (fields.updated_at !== undefined) result.updated_at = fields.updated_at;
  if (fields.enclosure !== undefined) result.enclosure = fields.enclosure;
  if (derivedTitle && title !== undefined) result.title = title;
  result.guid = guid;
  result.guidIsPermalink = guidIsPermalink;
  return result;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function baseGuid(item: PreparedItem, title: string | undefined, published: Date | undefined): { guid: string; permalink: boolean } {
  if (item.explicitGuid !== undefined) {
    const asUrl = /^https?:\/\//i.test(item.explicitGuid) ? absoluteWebUrl(item.explicitGuid, item.explicitGuid) : undefined;
    // An opaque id from the page ("42") is not unique beyond the site; hashing keeps it stable and opaque.
    return asUrl ? { guid: canonicalUrl(asUrl), permalink: true } : { guid: sha256Hex(`guid\n${item.explicitGuid}`), permalink: false };
  }
  if (item.guidKey !== undefined) return { guid: item.guidKey, permalink: true };
  return { guid: contentGuid(title, published), permalink: false };
}

type Warn = (code: string, message: string, part: string) => void;

function webUrl(value: string | undefined, baseUrl: string, part: string, warn: Warn): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const url = absoluteWebHref(value, baseUrl);
  if (!url) warn('ItemUrlUnsupported', `${part} "${value.trim().slice(0, 200)}" is not an http(s) URL and was dropped`, part);
  return url;
}

/** Plain text gets paragraphs; HTML is sanitised, unless the draft says it already is. */
function descriptionHtml(draft: ItemDraft, baseUrl: string): string | undefined {
  if (draft.description === undefined) return undefined;
  if (isPlainText(draft, 'description')) return escapedText(draft.description);
  const mark = sanitisedMark(draft, 'description');
  if (mark === 'as-is') return nonEmptyHtml(draft.description);
  const converted = plainTextToHtml(draft.description);
  if (mark === 'text-may-convert' && converted === draft.description) return nonEmptyHtml(converted);
  return html(converted, baseUrl);
}

/** Text read as text: escaped, so markup-like characters stay characters in every format. */
function escapedText(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : textToHtml(value);
}

function nonEmptyHtml(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function html(value: string | undefined, baseUrl: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return nonEmpty(sanitizeItemHtml(value, baseUrl));
}

/** A response served before this (a server clock at zero) says nothing about when the page was read. */
const EARLIEST_SERVED = Date.UTC(1990, 0, 1);

function date(value: Date | string | undefined, part: string, options: NormalizeOptions, warn: Warn): Date | undefined {
  const now = options.now ?? Date.now();
  const modified = options.pageModified !== undefined && options.pageModified <= now ? new Date(options.pageModified) : undefined;
  const served = options.pageServed !== undefined && options.pageServed <= now && options.pageServed >= EARLIEST_SERVED ? new Date(options.pageServed) : undefined;
  const { date: parsed, problem } = toDate(value, options.timeZone, options.locale, modified, served);
  if (problem) warn('DateUnparseable', `${part} ${problem}; add a parse_time post-processor with the right time_zone, or fix the selector`, part);
  const implausible = parsed ? implausibleDate(parsed, value, now) : undefined;
  if (implausible) {
    warn('DateImplausible', `${part} ${implausible} and was dropped; check the selector picks the item's own date`, part);
    return undefined;
  }
  return parsed;
}

function enclosure(value: Enclosure | undefined, baseUrl: string, warn: Warn): Enclosure | undefined {
  if (!value) return undefined;
  const url = webUrl(value.url, baseUrl, 'enclosure', warn);
  if (!url) return undefined;
  const type = value.type?.trim();
  const length = value.length !== undefined && Number.isInteger(value.length) && value.length >= 0 ? value.length : undefined;
  return { url, ...(type ? { type } : {}), ...(length === undefined ? {} : { length }) };
}

function categories(values: readonly string[] | undefined): string[] {
  const result: string[] = [];
  for (const value of values ?? []) {
    const category = singleLine(value);
    if (category !== '' && !result.includes(category)) result.push(category);
  }
  return result;
}

function nonEmpty(value: string): string | undefined {
  return value === '' ? undefined : value;
}

function assign<K extends keyof PreparedItem['fields']>(target: PreparedItem['fields'], key: K, value: PreparedItem['fields'][K] | undefined): void {
  if (value !== undefined) target[key] = value;
}
