import type { Feed, FeedItem } from '../contracts/item.js';
import { rfc822 } from './dates.js';
import { feedUpdated, GENERATOR, itemAttachment, stylesheetInstructions } from './shared.js';
import { element, htmlTextElement, serializeXmlDocument, textElement, type XmlElement } from './xml-writer.js';

const NAMESPACES = {
  version: '2.0',
  'xmlns:atom': 'http://www.w3.org/2005/Atom',
  'xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
  'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
};

export function renderRss(feed: Feed): string {
  const { channel } = feed;
  const updated = feedUpdated(feed);
  const channelElement = element('channel', {}, [
    textElement('title', channel.title),
    textElement('link', channel.site_url ?? channel.url),
    element('description', {}, [channel.description]),
    channel.self_url ? element('atom:link', { href: channel.self_url, rel: 'self', type: 'application/rss+xml' }) : undefined,
    textElement('language', channel.language),
    textElement('dc:creator', channel.author),
    updated ? textElement('lastBuildDate', rfc822(updated)) : undefined,
    textElement('generator', GENERATOR),
    textElement('docs', 'https://www.rssboard.org/rss-specification'),
    textElement('ttl', String(channel.ttl)),
    channel.image
      ? element('image', {}, [textElement('url', channel.image), textElement('title', channel.title), textElement('link', channel.site_url ?? channel.url)])
      : undefined,
    ...feed.items.map(renderItem),
  ]);
  return serializeXmlDocument(element('rss', NAMESPACES, [channelElement]), { processingInstructions: stylesheetInstructions(feed) });
}

function renderItem(item: FeedItem): XmlElement {
  const attachment = itemAttachment(item);
  const description = item.description ?? item.content;
  const pubDate = item.published_at ?? item.updated_at;
  return element('item', {}, [
    textElement('title', item.title),
    textElement('link', item.url),
    htmlTextElement('description', description),
    item.content && item.content !== description ? htmlTextElement('content:encoded', item.content) : undefined,
    textElement('dc:creator', item.author),
    ...item.categories.map((category) => textElement('category', category)),
    attachment ? element('enclosure', { url: attachment.url, length: attachment.length ?? 0, type: attachment.type }) : undefined,
    textElement('guid', item.guid, { isPermaLink: item.guidIsPermalink ? 'true' : 'false' }),
    pubDate ? textElement('pubDate', rfc822(pubDate)) : undefined,
  ]);
}
