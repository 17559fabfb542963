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

export function assertAcceptedContentType(type: string, url: string): void {
  if (isAcceptedMediaType(type) && !NATIVE_FEEDS.has(type)) return;
  if (NATIVE_FEEDS.has(type)) {
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
