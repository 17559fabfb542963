import { FeedError, isNativeFeed } from '@pagefeed/core';

/**
 * HTML, XHTML and JSON pass, and so do native feeds: RSS, Atom and RDF media types, and generic
 * XML whose root is `<rss>`, `<feed>` or `<rdf:RDF>` (core's `isNativeFeed`, the same test the
 * engine applies to a given source); the engine passes a feed's entries through. Anything else,
 * other XML included, is refused naming the type received.
 */
const ACCEPTED = new Set(['text/html', 'application/xhtml+xml', 'application/json', 'text/json']);
const GENERIC_XML = new Set(['application/xml', 'text/xml']);

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Pages: HTML, XHTML and JSON (also `+json`: a JSON Feed passes as JSON; core passes its items through). */
export function isAcceptedMediaType(type: string): boolean {
  return ACCEPTED.has(type) || type.endsWith('+json');
}

/**
 * A feed's media type, or generic XML that may hold one. The renderer lets such a main response
 * load and hands on its body as sent (Chromium would show a feed as an XML tree); whether it is a
 * feed is judged by its root once the body is in (`assertAcceptedContentType` with the body).
 */
export function mayBeNativeFeed(type: string): boolean {
  return isNativeFeed(type, '') || GENERIC_XML.has(type);
}

/**
 * Pages (HTML, XHTML, JSON) pass; so do native feeds, judged with the body (`isNativeFeed`). The
 * renderer calls this without the body, before Chromium starts a download or a viewer, for types
 * that are neither a page nor possibly a feed: those are refused naming the type.
 */
export function assertAcceptedContentType(type: string, url: string, body?: string): void {
  if (isAcceptedMediaType(type)) return;
  if (body !== undefined && isNativeFeed(type, body)) return;
  const received = type === '' ? 'no Content-Type' : type;
  throw new FeedError(
    'UnsupportedResponseContentType',
    `${url} returned ${received}; pagefeed reads HTML or JSON pages and RSS, Atom or JSON feeds: use the URL of an HTML listing page, a JSON API or a feed`,
    { path: 'url', details: { contentType: received } },
  );
}
