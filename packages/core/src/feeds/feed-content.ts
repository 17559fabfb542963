import type { FeedSourceDocument, NativeFeedChannel, NativeFeedFormat } from '../contracts/document.js';
import type { ItemDraft } from '../contracts/item.js';

/** An entry read from a feed, with the GUID the feed gave it (used to drop repeated entries). */
export interface FeedEntry {
  readonly draft: ItemDraft;
  readonly guid: string | undefined;
}

/** What a format's reader (`rss.ts`, `atom.ts`, `json-feed.ts`) returns. */
export interface FeedContent {
  readonly channel: NativeFeedChannel;
  readonly entries: readonly FeedEntry[];
}

/** Drops undefined values (exactOptionalPropertyTypes). */
export function compact<T extends object>(value: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

export interface FeedIdentity {
  readonly format: NativeFeedFormat;
  readonly version: string;
  /** The base for relative links: the feed's URL, or its root's `xml:base`. */
  readonly url: string;
  readonly text: string;
}

/** The source document of a read feed, every format alike. */
export function toFeedDocument(identity: FeedIdentity, content: FeedContent): FeedSourceDocument {
  const items: ItemDraft[] = [];
  const guids = new Set<string>();
  let duplicateEntries = 0;
  for (const entry of content.entries) {
    // Readers treat entries with one GUID as one entry: the first is kept, as it is listed first.
    if (entry.guid !== undefined && guids.has(entry.guid)) {
      duplicateEntries += 1;
      continue;
    }
    if (entry.guid !== undefined) guids.add(entry.guid);
    items.push(entry.draft);
  }
  return { kind: 'feed', ...identity, channel: content.channel, items, duplicateEntries };
}
