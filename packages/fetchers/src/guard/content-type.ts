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

/** Pages: HTML, XHTML and JSON (also `+json`, JSON Feed included: it is read as JSON). */
export function isAcceptedMediaType(type: string): boolean {
  return ACCEPTED.has(type) || type.endsWith('+json');
}

/**
 * With the body (every final response): pages and native feeds pass. Without it (the renderer
 * judges the main response before Chromium shows it), a feed or XML that may be one is refused
 * with the way to fetch it: Chromium turns a feed into a page of text, not the feed.
 */
export function assertAcceptedContentType(type: string, url: string, body?: string): void {
  if (isAcceptedMediaType(type)) return;
  if (body === undefined && (isNativeFeed(type, '') || GENERIC_XML.has(type))) throw feedNeedsPlain(type, url);
  if (body !== undefined && isNativeFeed(type, body)) return;
  const received = type === '' ? 'no Content-Type' : type;
  throw new FeedError(
    'UnsupportedResponseContentType',
    `${url} returned ${received}; pagefeed reads HTML or JSON pages and RSS/Atom feeds: use the URL of an HTML listing page, a JSON API or a feed`,
    { path: 'url', details: { contentType: received } },
  );
}

function feedNeedsPlain(type: string, url: string): FeedError {
  return new FeedError(
    'UnsupportedResponseContentType',
    `${url} returned ${type}, a feed or other XML, which the renderer shows as a page of text instead of handing it on: fetch feeds with strategy 'plain'`,
    { path: 'strategy', hint: "set strategy: plain (feeds need no JavaScript); pagefeed then passes the feed's entries through", details: { contentType: type, nativeFeed: true } },
  );
}
