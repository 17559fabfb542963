import type { Feed } from '../contracts/item.js';
import { rfc822 } from './dates.js';
import { feedUpdated, GENERATOR, stylesheetInstructions } from './shared.js';
import { renderRssItem } from './rss-item.js';
import { element, serializeXmlDocument, textElement } from './xml-writer.js';

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
    ...feed.items.map(renderRssItem),
  ]);
  return serializeXmlDocument(element('rss', NAMESPACES, [channelElement]), { processingInstructions: stylesheetInstructions(feed) });
}
