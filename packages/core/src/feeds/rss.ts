import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import type { NativeFeedChannel } from '../contracts/document.js';
import type { Enclosure, ItemDraft } from '../contracts/item.js';
import { authorName, setItemHtml, titleFromHtmlOrText } from './entry-values.js';
import { compact, type FeedContent, type FeedEntry } from './feed-content.js';
import { mediaImage } from './media.js';
import { baseOf, childNamed, childrenNamed, childText, nonBlank, NS, resolveUrl } from './xml.js';

/**
 * RSS 0.9x/2.0 (`<rss><channel><item>`, no namespace) and RSS 1.0/0.90 (`<rdf:RDF>` with
 * `<channel>` and `<item>` as its children, in the RSS 1.0 or 0.90 namespace). `namespace` is
 * the RSS elements' namespace: '' for RSS 2.0.
 */
export function readRss(root: Element, namespace: string, feedUrl: string): FeedContent {
  const rdf = namespace !== '';
  const channelElement = childNamed(root, namespace, 'channel');
  const itemParent = rdf ? root : channelElement;
  const items = itemParent ? childrenNamed(itemParent, namespace, 'item') : [];
  const channelBase = channelElement ? baseOf(channelElement, feedUrl) : feedUrl;
  const imageElement = rdf ? childNamed(root, namespace, 'image') : channelElement && childNamed(channelElement, namespace, 'image');
  const channel: NativeFeedChannel = channelElement
    ? compact({
        title: titleFromHtmlOrText(childText(channelElement, namespace, 'title')),
        description: nonBlank(childText(channelElement, namespace, 'description')),
        language: childText(channelElement, namespace, 'language') ?? childText(channelElement, NS.dc, 'language'),
        image: imageElement ? resolveUrl(childText(imageElement, namespace, 'url'), channelBase) : undefined,
        link: resolveUrl(childText(channelElement, namespace, 'link'), channelBase),
      })
    : {};
  return { channel, entries: items.map((item) => readItem(item, namespace, feedUrl)) };
}

function readItem(item: Element, namespace: string, feedUrl: string): FeedEntry {
  const base = baseOf(item, feedUrl);
  const guidElement = childNamed(item, namespace, 'guid');
  const guid = guidElement ? nonBlank(textContent(guidElement)) : nonBlank(item.attribs['rdf:about']);
  const permalinkGuid = guidElement && guidElement.attribs['isPermaLink']?.trim() !== 'false' ? guid : undefined;
  const draft: ItemDraft = {};
  const title = titleFromHtmlOrText(childText(item, namespace, 'title') ?? childText(item, NS.dc, 'title'));
  if (title !== undefined) draft.title = title;
  // No <link>: a permalink GUID is the item's address (RSS 2.0 says so; readers use it).
  const url = resolveUrl(childText(item, namespace, 'link') ?? (permalinkGuid && /^https?:/i.test(permalinkGuid) ? permalinkGuid : undefined), base);
  if (url !== undefined) draft.url = url;
  setItemHtml(draft, 'description', childText(item, namespace, 'description') ?? childText(item, NS.dc, 'description'), base);
  setItemHtml(draft, 'content', childText(item, NS.content, 'encoded'), base);
  const author = authorName(childText(item, namespace, 'author')) ?? joinNames(childrenNamed(item, NS.dc, 'creator'));
  if (author !== undefined) draft.author = author;
  const categories = [...childrenNamed(item, namespace, 'category'), ...childrenNamed(item, NS.dc, 'subject')]
    .map((element) => nonBlank(textContent(element)))
    .filter((value): value is string => value !== undefined);
  if (categories.length > 0) draft.categories = categories;
  const published = childText(item, namespace, 'pubDate') ?? childText(item, NS.dc, 'date');
  if (published !== undefined) draft.published_at = published;
  const enclosure = rssEnclosure(childNamed(item, namespace, 'enclosure'), base);
  if (enclosure) draft.enclosure = enclosure;
  const image = mediaImage(item, base);
  if (image !== undefined) draft.image = image;
  if (guid !== undefined) draft.guid = guid;
  return { draft, guid };
}

function rssEnclosure(element: Element | undefined, base: string): Enclosure | undefined {
  const url = resolveUrl(element?.attribs['url'], base);
  if (!element || url === undefined) return undefined;
  const type = nonBlank(element.attribs['type']);
  const length = Number(element.attribs['length']);
  return { url, ...(type ? { type } : {}), ...(Number.isInteger(length) && length > 0 ? { length } : {}) };
}

function joinNames(elements: readonly Element[]): string | undefined {
  const names = elements.map((element) => nonBlank(textContent(element))).filter((name): name is string => name !== undefined);
  return names.length > 0 ? names.join(', ') : undefined;
}
