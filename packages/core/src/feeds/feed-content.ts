import type { NativeFeedChannel } from '../contracts/document.js';
import type { ItemDraft } from '../contracts/item.js';

/** An entry read from a feed, with the GUID the feed gave it (used to drop repeated entries). */
export interface FeedEntry {
  readonly draft: ItemDraft;
  readonly guid: string | undefined;
}

/** What a format's reader (`rss.ts`, `atom.ts`) returns. */
export interface FeedContent {
  readonly channel: NativeFeedChannel;
  readonly entries: readonly FeedEntry[];
}

/** Drops undefined values (exactOptionalPropertyTypes). */
export function compact<T extends object>(value: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
