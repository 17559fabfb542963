import type { Feed, FeedItem } from '../contracts/item.js';
import { htmlToText } from '../items/text.js';
import { rfc3339 } from './dates.js';
import { itemAttachment } from './shared.js';

/** Lone surrogates and control characters other than tab and newlines: never meant, refused by some readers. */
const UNWANTED_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function renderJsonFeed(feed: Feed): string {
  const { channel } = feed;
  const document = {
    version: 'https://jsonfeed.org/version/1.1',
    title: channel.title,
    home_page_url: channel.site_url ?? channel.url,
    feed_url: channel.self_url,
    description: channel.description,
    icon: channel.image,
    language: channel.language,
    authors: channel.author ? [{ name: channel.author }] : undefined,
    items: feed.items.map(renderItem),
  };
  return `${JSON.stringify(document, cleanStrings, 2)}\n`;
}

function renderItem(item: FeedItem): Record<string, unknown> {
  const attachment = itemAttachment(item);
  const html = item.content ?? item.description;
  return {
    id: item.guid,
    url: item.url,
    title: item.title,
    content_html: html,
    // JSON Feed needs content_html or content_text; an item with only a title repeats it as text.
    content_text: html === undefined ? (item.title ?? '') : undefined,
    summary: item.content !== undefined && item.description !== undefined ? htmlToText(item.description) : undefined,
    image: item.image,
    date_published: item.published_at ? rfc3339(item.published_at) : undefined,
    date_modified: item.updated_at ? rfc3339(item.updated_at) : undefined,
    authors: item.author ? [{ name: item.author }] : undefined,
    tags: item.categories.length > 0 ? item.categories : undefined,
    attachments: item.enclosure && attachment
      ? [{ url: attachment.url, mime_type: attachment.type, ...(attachment.length === undefined ? {} : { size_in_bytes: attachment.length }) }]
      : undefined,
  };
}

function cleanStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replace(UNWANTED_CHARACTERS, '') : value;
}
