import { FeedError } from '@pagefeed/core';

/**
 * HTML, XHTML and JSON pass. RSS and Atom are refused with a message that says the URL already is
 * a feed: pagefeed builds feeds from pages, and passing a feed through would hand the extractors
 * XML they cannot read. Anything else is refused naming the type received.
 */
const ACCEPTED = new Set(['text/html', 'application/xhtml+xml', 'application/json', 'text/json']);
const NATIVE_FEEDS = new Set(['application/rss+xml', 'application/atom+xml', 'application/feed+json']);

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isAcceptedMediaType(type: string): boolean {
  return ACCEPTED.has(type) || type.endsWith('+json');
}

/** RSS, Atom or RDF served as generic XML is still a feed; say so. */
const FEED_ROOT = /^(?:\s|<\?xml[^>]*>|<!--[\s\S]*?-->)*<(?:rss|feed|rdf:rdf)[\s>]/i;

export function assertAcceptedContentType(type: string, url: string, body = ''): void {
  if (isAcceptedMediaType(type) && !NATIVE_FEEDS.has(type)) return;
  if (NATIVE_FEEDS.has(type) || (/xml/.test(type) && FEED_ROOT.test(body.slice(0, 2048)))) {
    throw new FeedError(
      'UnsupportedResponseContentType',
      `${url} returned a native feed (${type}), not an HTML or JSON page: subscribe to that feed directly, or point pagefeed at the HTML listing page`,
      { path: 'url', details: { contentType: type, nativeFeed: true } },
    );
  }
  const received = type === '' ? 'no Content-Type' : type;
  throw new FeedError(
    'UnsupportedResponseContentType',
    `${url} returned ${received}; pagefeed reads only HTML or JSON pages: use the URL of an HTML listing page or a JSON API`,
    { path: 'url', details: { contentType: received } },
  );
}
