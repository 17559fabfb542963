import type { FeedFormat } from '@pagefeed/core';
import { FORMATS } from './http-caching.js';

/**
 * A cached feed: metadata plus the rendered bytes per format (DESIGN §7). Stored as ONE string,
 * `<marker><metadata JSON>\n<rss><atom><json>`: a cache driver keeps a string as it is (the memory
 * driver does not escape or parse it), so a cached read parses only the small metadata and slices
 * the requested document out, instead of JSON-parsing three documents per request. One key per
 * feed also keeps the memory driver's `maxEntries` counting feeds.
 */
export interface CachedFeed {
  readonly title: string;
  readonly itemCount: number;
  /** Hash of the item content, not of build time: unchanged items keep ETag and Last-Modified. */
  readonly contentHash: string;
  readonly etags: Readonly<Record<FeedFormat, string>>;
  readonly documents: Readonly<Record<FeedFormat, string>>;
  readonly generatedAt: number;
  readonly lastModified: number;
  readonly expiresAt: number;
  readonly ttlSeconds: number;
}

type Metadata = Omit<CachedFeed, 'documents'> & { readonly lengths: readonly number[] };

/** Changes whenever the layout does, so an entry written by another version reads as a miss. */
const MARKER = 'pagefeed-cached-feed-v1\n';

export function encodeCachedFeed(entry: CachedFeed): string {
  const { documents, ...rest } = entry;
  const metadata: Metadata = { ...rest, lengths: FORMATS.map((format) => documents[format].length) };
  // JSON.stringify escapes line breaks, so the first "\n" after the marker ends the metadata.
  return `${MARKER}${JSON.stringify(metadata)}\n${FORMATS.map((format) => documents[format]).join('')}`;
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
  if (!Array.isArray(lengths) || lengths.length !== FORMATS.length) return undefined;
  const documents: Partial<Record<FeedFormat, string>> = {};
  let offset = end + 1;
  for (const [index, format] of FORMATS.entries()) {
    const length = lengths[index] ?? 0;
    documents[format] = stored.slice(offset, offset + length);
    offset += length;
  }
  if (offset !== stored.length) return undefined;
  return { ...rest, documents: documents as Record<FeedFormat, string> };
}
