import type { FeedSourceDocument, JsonSourceDocument, NativeFeedChannel } from '../contracts/document.js';
import { FeedError } from '../contracts/errors.js';
import { compact, toFeedDocument } from './feed-content.js';
import { readJsonFeedItem } from './json-feed-item.js';
import { authorNames, isJsonObject, member, stringMember } from './json-values.js';
import { resolveUrl } from './xml.js';

/** `https://jsonfeed.org/version/1.1`; `http:` and `www.` are accepted as some producers write them. */
const VERSION_URL = /^https?:\/\/(?:www\.)?jsonfeed\.org\/version\/([^/?#\s]+)\/?$/i;

/** The same in the JSON text (slashes may be escaped as `\/`), for a body that came without a type. */
const VERSION_TEXT = /"version"\s*:\s*"https?:\\?\/\\?\/(?:www\.)?jsonfeed\.org\\?\/version\\?\//i;

/**
 * A body without a media type that is a JSON object declaring a JSON Feed version: it is parsed
 * as JSON (depth-limited, like any JSON source) and passed through. Other untyped bodies are
 * read as before (HTML).
 */
export function looksLikeJsonFeed(body: string): boolean {
  return /^\uFEFF?\s*\{/.test(body) && VERSION_TEXT.test(body);
}

/**
 * A JSON source that is a JSON Feed (1.0 or 1.1: a `version` of `https://jsonfeed.org/version/…`)
 * as a feed document; undefined for any other JSON (an API response), which selectors read as
 * before. A JSON Feed whose `items` is not an array is refused: it says it is a feed but is not one.
 */
export function jsonFeedSource(document: JsonSourceDocument): FeedSourceDocument | undefined {
  const { data } = document;
  if (!isJsonObject(data)) return undefined;
  const declared = member(data, 'version');
  const version = typeof declared === 'string' ? VERSION_URL.exec(declared.trim())?.[1] : undefined;
  if (version === undefined) return undefined;
  const items = member(data, 'items');
  if (!Array.isArray(items)) throw notAnItemsArray(document, declared as string, items);
  const base = document.url;
  const channel: NativeFeedChannel = compact({
    title: stringMember(data, 'title'),
    description: stringMember(data, 'description'),
    language: stringMember(data, 'language'),
    image: resolveUrl(stringMember(data, 'icon'), base) ?? resolveUrl(stringMember(data, 'favicon'), base),
    link: resolveUrl(stringMember(data, 'home_page_url'), base),
  });
  // Items without authors of their own have the feed's (JSON Feed 1.1, `authors`).
  const feedAuthor = authorNames(data);
  const entries = items.map((item) => readJsonFeedItem(item, base, feedAuthor));
  // "version/1" is JSON Feed 1.0 (the spec's own name for it).
  const identity = { format: 'json' as const, version: version === '1' ? '1.0' : version, url: base, text: document.text };
  return toFeedDocument(identity, { channel, entries });
}

function notAnItemsArray(document: JsonSourceDocument, version: string, items: unknown): FeedError {
  const found = items === undefined ? 'has no items' : `has items of type ${items === null ? 'null' : typeof items}, not an array`;
  return new FeedError('UnsupportedResponseContentType', `${document.url} declares itself a JSON Feed (${version}) but ${found}: pagefeed cannot read its entries`, {
    path: 'channel.url',
    hint: 'a JSON Feed lists its entries in an "items" array; check the feed, or point channel.url at the HTML listing page instead',
    details: { url: document.url, nativeFeed: true, format: 'json' },
  });
}
