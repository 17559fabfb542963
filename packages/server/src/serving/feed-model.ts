import type { Feed, FeedChannel, FeedFormat, FeedItem } from '@pagefeed/core';
import { sha256 } from './feed-cache-key.js';
import { FORMATS } from './http-caching.js';

/**
 * A generated feed kept as JSON in the cache until every format is rendered, so a format asked for
 * later is rendered from the same result (no second fetch), byte for byte as it would have been at
 * generation: the renderers read nothing but the feed (no clock).
 */
export interface FeedModel {
  /** Channel without its build time, items, stylesheets: also what the content hash covers. */
  readonly model: string;
  /** The channel's build time in ms, when it has one. */
  readonly updatedAt: number | undefined;
}

export function modelOf(feed: Feed): FeedModel {
  const { updated_at: updatedAt, ...channel } = feed.channel;
  return { model: JSON.stringify({ channel, items: feed.items.map(withDateTexts), stylesheets: feed.stylesheets }), updatedAt: updatedAt?.getTime() };
}

/**
 * The item with its dates already as the text JSON.stringify would write for them (`Date#toJSON`:
 * ISO 8601, null for an invalid date), each in its own place, so the model's JSON is the same
 * string. JSON.stringify reaches a Date's `toJSON` through a slow generic call: on a list page whose
 * items are stamped first seen it was about 13 of the model's 30 µs (BENCHMARKS.md §7, thirteenth
 * session), and the model is made on every cold generation's path.
 */
function withDateTexts(item: FeedItem): FeedItem | Record<string, unknown> {
  const { published_at: published, updated_at: updated, first_seen_at: firstSeen } = item;
  if (published === undefined && updated === undefined && firstSeen === undefined) return item;
  return {
    ...item,
    ...(published === undefined ? {} : { published_at: dateText(published) }),
    ...(updated === undefined ? {} : { updated_at: dateText(updated) }),
    ...(firstSeen === undefined ? {} : { first_seen_at: dateText(firstSeen) }),
  };
}

function dateText(value: unknown): unknown {
  if (!(value instanceof Date)) return value;
  return Number.isNaN(value.getTime()) ? null : value.toISOString();
}

/** The model with its content hash (the cache entry's `contentHash`), each format's ETag, title and item count. */
export interface HashedModel extends FeedModel {
  readonly contentHash: string;
  /** Each format's ETag (`etagsOf(contentHash)`), made with the hash (in the extraction worker when there is one). */
  readonly etags: Readonly<Record<FeedFormat, string>>;
  readonly title: string;
  readonly itemCount: number;
}

/** `modelOf` and the hash of the model: what a generation's cache entry is made from. */
export function hashedModelOf(feed: Feed): HashedModel {
  const model = modelOf(feed);
  const contentHash = sha256(model.model);
  return { ...model, contentHash, etags: etagsOf(contentHash), title: feed.channel.title, itemCount: feed.items.length };
}

/** Every format's ETag from the content hash: strong, unchanged while the feed's content is. */
export function etagsOf(contentHash: string): Readonly<Record<FeedFormat, string>> {
  return Object.fromEntries(FORMATS.map((format) => [format, `"${sha256(`${format}:${contentHash}`).slice(0, 32)}"`])) as Record<FeedFormat, string>;
}

type Stored<T> = { -readonly [K in keyof T]: T[K] extends Date | undefined ? string | undefined : T[K] };

/** The feed back from `modelOf`: dates become Dates again. */
export function reviveFeed(model: string, updatedAt: number | undefined): Feed {
  const stored = JSON.parse(model) as { channel: Stored<FeedChannel>; items: Stored<FeedItem>[]; stylesheets: Feed['stylesheets'] };
  const { updated_at: _notStored, ...rest } = stored.channel;
  const channel: FeedChannel = { ...rest, ...(updatedAt === undefined ? {} : { updated_at: new Date(updatedAt) }) };
  const items = stored.items.map((item): FeedItem => {
    const { published_at: published, updated_at: updated, first_seen_at: firstSeen, ...fields } = item;
    return {
      ...fields,
      ...(published == null ? {} : { published_at: new Date(published) }),
      ...(updated == null ? {} : { updated_at: new Date(updated) }),
      ...(firstSeen == null ? {} : { first_seen_at: new Date(firstSeen) }),
    };
  });
  return { channel, items, stylesheets: stored.stylesheets };
}
