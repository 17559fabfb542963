import type { FeedConfig } from '../contracts/config.js';
import type { FeedSourceDocument } from '../contracts/document.js';
import { FeedError } from '../contracts/errors.js';
import type { FeedChannel, FeedItem } from '../contracts/item.js';
import { describeFeedFormat } from '../feeds/parse-feed.js';
import { normalizeItems } from '../items/normalize.js';
import type { FeedWarning } from './types.js';

export const NATIVE_FEED_WARNING = 'NativeFeedPassedThrough';

/**
 * A source that already is a feed: its entries become the items, through the same normalisation
 * as scraped items (URLs, sanitised HTML, dates, de-duplication), keeping the feed's own GUIDs.
 * Selectors and auto-source read pages, so neither runs; a warning says so.
 */
export function nativeFeedItems(document: FeedSourceDocument, sourceUrl: string, config: FeedConfig, channel: FeedChannel): { items: FeedItem[]; warnings: FeedWarning[] } {
  const timeZone = config.channel.time_zone;
  const normalised = normalizeItems(document.items, {
    baseUrl: document.url,
    selectorItems: 0,
    keepGuids: true,
    ...(timeZone ? { timeZone } : {}),
    ...(channel.language ? { locale: channel.language } : {}),
  });
  const format = describeFeedFormat(document);
  if (document.items.length === 0) {
    // A feed with nothing in it yet is a valid, empty feed (as a page whose items selector matches
    // nothing is): readers get an empty feed, the warning says why.
    const message = `${sourceUrl} is already a feed (${format}) with no entries yet: the feed is passed through empty until it publishes some`;
    return { items: [], warnings: [{ code: NATIVE_FEED_WARNING, message, path: 'channel.url' }] };
  }
  if (normalised.items.length === 0) {
    // Entries the reader cannot use at all: content the upstream served that is no feed to pass on.
    throw new FeedError('UnsupportedResponseContentType', `${sourceUrl} is a feed (${format}), but none of its ${document.items.length} entries has a title, link or text to pass through`, {
      path: 'channel.url',
      hint: 'check the feed in a reader or browser, or point channel.url at the HTML listing page instead',
      details: { url: sourceUrl, format: document.format, nativeFeed: true },
    });
  }
  const notApplied = notAppliedNote(config.selectors !== undefined, config.auto_source?.enabled === true);
  const duplicates = document.duplicateEntries > 0 ? ` (${document.duplicateEntries} entr${document.duplicateEntries === 1 ? 'y' : 'ies'} repeating an earlier GUID left out)` : '';
  const count = normalised.items.length;
  const warning: FeedWarning = {
    code: NATIVE_FEED_WARNING,
    message: `${sourceUrl} is already a feed (${format}): its ${count} item${count === 1 ? ' is' : 's are'} passed through${duplicates}${notApplied}`,
    path: 'channel.url',
  };
  return { items: normalised.items, warnings: [warning, ...normalised.warnings] };
}

function notAppliedNote(selectors: boolean, autoSource: boolean): string {
  if (selectors && autoSource) return '; selectors and auto_source are not applied to it';
  if (selectors) return '; selectors are not applied to it';
  return autoSource ? '; auto_source is not applied to it' : '';
}
