import type { FeedFormat } from '@pagefeed/core';
import { FORMATS } from './http-caching.js';

/**
 * A cached feed: metadata, the documents rendered so far, and the feed itself while a format is
 * still missing (DESIGN §7). A miss renders the format asked for (and those the previous result of
 * the same feed had been asked for); another format is rendered from the stored feed when first
 * asked, then stored with the others (`feed-service.ts`). Every format's ETag is known from the
 * start: it comes from the content hash, not from the bytes.
 *
 * Stored as ONE string, `<marker><metadata JSON>\n<documents present, in FORMATS order><feed>`: a
 * cache driver keeps a string as it is (the memory driver does not escape or parse it), so a cached
 * read parses only the small metadata and slices the requested document out. One key per feed also
 * keeps the memory driver's `maxEntries` counting feeds.
 */
export interface CachedFeed {
  readonly title: string;
  readonly itemCount: number;
  /** Hash of the feed's content (`model`), not of build time: unchanged items keep ETag and Last-Modified. */
  readonly contentHash: string;
  readonly etags: Readonly<Record<FeedFormat, string>>;
  readonly documents: Readonly<Partial<Record<FeedFormat, string>>>;
  /** The feed as JSON (channel without its build time, items, stylesheets), while a format is missing. */
  readonly model?: string;
  /** The channel's build time (ms), kept out of `model` so it does not change the content hash. */
  readonly updatedAt?: number;
  readonly generatedAt: number;
  readonly lastModified: number;
  readonly expiresAt: number;
  readonly ttlSeconds: number;
}

type Metadata = Omit<CachedFeed, 'documents' | 'model'> & {
  /** Length of each format's document, -1 when not rendered yet; then the model's length. */
  readonly lengths: readonly number[];
};

/** Changes whenever the layout does, so an entry written by another version reads as a miss. */
const MARKER = 'pagefeed-cached-feed-v2\n';

export function encodeCachedFeed(entry: CachedFeed): string {
  const { documents, model, ...rest } = entry;
  const lengths = [...FORMATS.map((format) => documents[format]?.length ?? -1), model?.length ?? -1];
  const metadata: Metadata = { ...rest, lengths };
  const parts = FORMATS.map((format) => documents[format] ?? '').join('');
  // JSON.stringify escapes line breaks, so the first "\n" after the marker ends the metadata.
  return `${MARKER}${JSON.stringify(metadata)}\n${parts}${model ?? ''}`;
}

/** The entry, or undefined for anything else (an older layout, a foreign value): a cache miss. */
export function decodeCachedFeed(stored: unknown): CachedFeed | undefined {
  if (typeof stored !== 'string' || !stored.startsWith(MARKER)) return undefined;
  const end = stored.indexOf('\n', MARKER.length);
  if (end < 0) return undefined;
  let metadata: Metadata;
  try {
    metadata = JSON.parse(stored.slice(MARKER.length, end)) as Metadata;
  } catch {
    return undefined;
  }
  const { lengths, ...rest } = metadata;
  if (!Array.isArray(lengths) || lengths.length !== FORMATS.length + 1 || !lengths.every((length) => Number.isInteger(length) && length >= -1)) return undefined;
  const documents: Partial<Record<FeedFormat, string>> = {};
  let offset = end + 1;
  const take = (length: number) => {
    const text = stored.slice(offset, offset + length);
    offset += length;
    return text;
  };
  for (const [index, format] of FORMATS.entries()) {
    const length = lengths[index] ?? -1;
    if (length >= 0) documents[format] = take(length);
  }
  const modelLength = lengths[FORMATS.length] ?? -1;
  const model = modelLength >= 0 ? take(modelLength) : undefined;
  if (offset !== stored.length) return undefined;
  // A format neither rendered nor renderable would be unanswerable: not an entry of this layout.
  if (model === undefined && FORMATS.some((format) => documents[format] === undefined)) return undefined;
  return { ...rest, documents, ...(model === undefined ? {} : { model }) };
}
