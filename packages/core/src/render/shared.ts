import type { Feed, FeedItem } from '../contracts/item.js';
import type { XmlDocumentOptions } from './xml-writer.js';

export const GENERATOR = 'pagefeed';
export const GENERATOR_URI = 'https://github.com/pagefeed/pagefeed';

/**
 * When a feed should say it was last updated: the channel's own date, else its newest item's (an
 * undated item counting from when pagefeed first saw it). Never the build time, so the same feed
 * renders to the same bytes (ETags stay valid).
 */
export function feedUpdated(feed: Feed): Date | undefined {
  if (feed.channel.updated_at) return feed.channel.updated_at;
  let result: Date | undefined;
  for (const item of feed.items) result = later(result, entryDate(item));
  return result;
}

/** The date an Atom entry says it was updated: its own, else when pagefeed first saw it. */
export function entryDate(item: FeedItem): Date | undefined {
  return item.updated_at ?? item.published_at ?? item.first_seen_at;
}

function later(current: Date | undefined, candidate: Date | undefined): Date | undefined {
  return candidate && (!current || candidate.getTime() > current.getTime()) ? candidate : current;
}

export function stylesheetInstructions(feed: Feed): NonNullable<XmlDocumentOptions['processingInstructions']> {
  return feed.stylesheets.map((stylesheet) => ({
    name: 'xml-stylesheet',
    attributes: { href: stylesheet.href, type: stylesheet.type, media: stylesheet.media },
  }));
}

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', svg: 'image/svg+xml',
};

/** Media type of an image URL from its extension; undefined when the extension names no image type. */
export function imageType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return extension ? IMAGE_TYPES[extension] : undefined;
}

/**
 * The item's attachment: its enclosure, else its image when the URL says what type of image it is
 * (readers show image enclosures; an enclosure with a guessed type misleads podcast clients, and a
 * URL without an extension may be a page). The image itself stays in JSON Feed's `image`.
 */
export function itemAttachment(item: FeedItem): { url: string; type: string; length?: number } | undefined {
  if (item.enclosure) return { url: item.enclosure.url, type: item.enclosure.type ?? 'application/octet-stream', ...(item.enclosure.length === undefined ? {} : { length: item.enclosure.length }) };
  const type = item.image ? imageType(item.image) : undefined;
  return item.image && type ? { url: item.image, type } : undefined;
}
