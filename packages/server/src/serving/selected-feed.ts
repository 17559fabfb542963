import { createHash } from 'node:crypto';
import { selectItems, type Engine, type FeedFormat, type ItemSelection } from '@pagefeed/core';
import type { CachedFeed } from './cached-feed.js';
import { reviveFeed } from './feed-model.js';

/**
 * A feed narrowed by the reader's query (`?include=…&exclude=…&fields=…&limit=…&max_age=…`),
 * rendered from the cached feed: no upstream fetch, whatever the combination. The result is
 * remembered per cached entry (collected with it) for each query and format, so a reader polling
 * the same narrowed URL costs one render per generation. The ETag is made from the document.
 */
export interface SelectedDocument {
  readonly text: string;
  readonly etag: string;
}

const byEntry = new WeakMap<CachedFeed, Map<string, SelectedDocument>>();
/** Narrowed documents kept per entry (queries vary; each is small next to the feed). */
const PER_ENTRY = 64;

export function selectedDocument(
  engine: Engine,
  entry: CachedFeed,
  selection: ItemSelection,
  selectionKey: string,
  format: FeedFormat,
  selfUrl: string,
  now: Date,
): SelectedDocument {
  let documents = byEntry.get(entry);
  if (!documents) byEntry.set(entry, (documents = new Map()));
  // max_age depends on the clock: the day is part of the key, so an entry served for days is re-narrowed.
  const key = `${format}\n${selectionKey}\n${selection.maxAgeSeconds === undefined ? '' : Math.floor(now.getTime() / 60_000)}`;
  const known = documents.get(key);
  if (known) return known;
  if (entry.model === undefined) throw new Error('The cached feed has no model to narrow; it will be regenerated on its next refresh.');
  const feed = reviveFeed(entry.model, entry.updatedAt);
  const narrowed = { ...feed, channel: { ...feed.channel, self_url: selfUrl }, items: selectItems(feed.items, selection, now) };
  const text = engine.render(narrowed, format);
  const document = { text, etag: `"${createHash('sha256').update(text).digest('hex').slice(0, 32)}"` };
  if (documents.size >= PER_ENTRY) documents.clear();
  documents.set(key, document);
  return document;
}
