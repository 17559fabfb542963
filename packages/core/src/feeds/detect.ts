/**
 * Which sources are native feeds. Shared by core's `checkSource` and the fetchers' content-type
 * guard, so a feed is recognised the same way whether it was fetched or given.
 */
const FEED_MEDIA_TYPES = new Set(['application/rss+xml', 'application/atom+xml', 'application/rdf+xml']);

/**
 * The root element of an RSS, Atom or RDF document, after what may precede it: a byte-order mark,
 * the XML declaration, stylesheet instructions, comments and a doctype (RSS 0.91's, or one with an
 * internal subset; the parser never reads it, see `xml.ts`).
 */
const FEED_ROOT = /^\uFEFF?(?:\s|<\?[^>]*>|<!--[\s\S]*?-->|<!doctype[^[>]*(?:\[[\s\S]*?\])?\s*>)*<(?:rss|feed|rdf:rdf)[\s>/]/i;

/** How much of the body is searched for the root element. */
const ROOT_WINDOW = 4096;

/** True when the body starts (after the prolog) with an `<rss>`, `<feed>` or `<rdf:RDF>` root. */
export function hasFeedRoot(body: string): boolean {
  return FEED_ROOT.test(body.slice(0, ROOT_WINDOW));
}

/**
 * A feed media type, or generic XML (`application/xml`, `text/xml`, …) whose root is a feed's.
 * `type` is the media type without parameters, lower-cased. JSON Feed is not included: it passes
 * as JSON, and `toSourceDocument` tells it from other JSON by its version URL (`json-feed.ts`).
 */
export function isNativeFeed(type: string, body: string): boolean {
  if (FEED_MEDIA_TYPES.has(type)) return true;
  return /xml/.test(type) && !type.includes('html') && hasFeedRoot(body);
}
