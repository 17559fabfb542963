import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/item.js';
import { rfc822 } from './dates.js';
import { renderRssItem } from './rss-item.js';
import { itemAttachment } from './shared.js';
import { HOSTILE_FEED, SMALL_FEED, UNDATED_FEED } from './test-support/feeds.js';
import { element, htmlTextElement, serializeXmlDocument, textElement, type XmlElement } from './xml-writer.js';

/** The item as an element tree, the way `rss.ts` built it before items were written as strings. */
function itemTree(item: FeedItem): XmlElement {
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

/** Both ways inside rss > channel, where the string form's indentation must fit. */
function documents(items: readonly FeedItem[]): [string, string] {
  const wrap = (children: XmlElement['children']) => serializeXmlDocument(element('rss', {}, [element('channel', {}, [textElement('title', 't'), ...(children ?? [])])]));
  return [wrap(items.map(renderRssItem)), wrap(items.map(itemTree))];
}

const ODD: FeedItem[] = [
  // Fields whose text is nothing once illegal characters are removed are left out, as elements were.
  { guid: 'g', guidIsPermalink: false, title: '\u0000\u0007', url: '\uFFFE', description: '\u0001', categories: ['\u0002', 'kept'] },
  { guid: 'g2', guidIsPermalink: true, content: '<p>only content</p>', categories: [], image: 'https://example.com/a.JPG' },
  { guid: 'g3', guidIsPermalink: false, description: 'same', content: 'same', categories: [], image: 'https://example.com/page' },
  { guid: 'g4', guidIsPermalink: false, categories: [], enclosure: { url: 'https://example.com/a?b=1&c="2"', type: 'audio/mpeg' }, updated_at: new Date('2024-05-06T07:08:09Z') },
  { guid: '\u0000', guidIsPermalink: false, categories: [] },
];

describe('renderRssItem', () => {
  it.each([
    ['small', SMALL_FEED.items],
    ['undated', UNDATED_FEED.items],
    ['hostile', HOSTILE_FEED.items],
    ['odd', ODD],
  ])('writes the same bytes as the element tree (%s items)', (_name, items) => {
    const [strings, trees] = documents(items);
    expect(strings).toBe(trees);
  });

  it('writes an item with nothing to say as an empty element', () => {
    const [strings, trees] = documents([ODD[4]!]);
    expect(strings).toContain('    <item/>');
    expect(strings).toBe(trees);
  });
});
