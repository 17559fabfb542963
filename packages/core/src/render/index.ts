import { FeedError } from '../contracts/errors.js';
import type { Feed, FeedFormat } from '../contracts/item.js';
import { renderAtom } from './atom.js';
import { renderJsonFeed } from './json-feed.js';
import { renderRss } from './rss.js';

export const FEED_CONTENT_TYPES: Readonly<Record<FeedFormat, string>> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

const RENDERERS: Readonly<Record<FeedFormat, (feed: Feed) => string>> = {
  rss: renderRss,
  atom: renderAtom,
  json: renderJsonFeed,
};

/** The feed as a document of `format`. Same feed, same bytes. */
export function renderFeed(feed: Feed, format: FeedFormat): string {
  const render = RENDERERS[format];
  if (!render) {
    const known = Object.keys(RENDERERS).join(', ');
    throw new FeedError('InputInvalid', `Unknown feed format "${String(format)}"`, { hint: `use one of: ${known}` });
  }
  return render(feed);
}

export { renderAtom, renderJsonFeed, renderRss };
export { cleanXmlText, escapeAttribute, escapeText } from './xml-writer.js';
