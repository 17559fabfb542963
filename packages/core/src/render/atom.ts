import type { Feed, FeedItem } from '../contracts/item.js';
import { rfc3339 } from './dates.js';
import { entryDate, feedUpdated, GENERATOR, GENERATOR_URI, itemAttachment, stylesheetInstructions } from './shared.js';
import { cleanXmlText, element, htmlTextElement, serializeXmlDocument, textElement, type XmlElement } from './xml-writer.js';

/**
 * Atom requires `updated` on the feed and on every entry. An entry without a date of its own says
 * when pagefeed first saw it (`first_seen_at`, kept by the engine's first-seen store, so the bytes
 * stay the same from build to build); the feed says its newest entry's. Only a feed made outside the
 * engine, with no date at all, falls back to the time of rendering: never a made-up 1970.
 */
export function renderAtom(feed: Feed): string {
  const { channel } = feed;
  let renderTime: Date | undefined;
  const fallback = (): Date => (renderTime ??= new Date());
  const author = channel.author ?? channel.title;
  const root = element('feed', { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': channel.language }, [
    textElement('id', channel.self_url ?? channel.url),
    textElement('title', channel.title, { type: 'text' }),
    textElement('subtitle', channel.description, { type: 'text' }),
    textElement('updated', rfc3339(feedUpdated(feed) ?? fallback())),
    element('link', { rel: 'alternate', type: 'text/html', href: channel.site_url ?? channel.url }),
    channel.self_url ? element('link', { rel: 'self', type: 'application/atom+xml', href: channel.self_url }) : undefined,
    // A feed-level author satisfies Atom's "every entry has an author" rule for entries without one.
    element('author', {}, [textElement('name', author)]),
    textElement('generator', GENERATOR, { uri: GENERATOR_URI }),
    textElement('icon', channel.image),
    textElement('logo', channel.image),
    ...feed.items.map((item) => renderEntry(item, channel.url, fallback)),
  ]);
  return serializeXmlDocument(root, { processingInstructions: stylesheetInstructions(feed) });
}

function renderEntry(item: FeedItem, pageUrl: string, fallback: () => Date): XmlElement {
  const attachment = itemAttachment(item);
  const updated = entryDate(item) ?? fallback();
  // Atom wants content or an alternate link; an entry with neither carries its description as content.
  const content = item.content ?? (item.url ? undefined : item.description);
  const summary = item.content !== undefined || item.url ? item.description : undefined;
  return element('entry', {}, [
    textElement('id', atomId(item.guid)),
    textElement('title', item.title ?? '', { type: 'text' }) ?? element('title', { type: 'text' }),
    // Without a link of its own an entry points at the page it came from: readers (feedparser among
    // them) otherwise take the id for the entry's link.
    element('link', { rel: 'alternate', type: 'text/html', href: item.url ?? pageUrl }),
    textElement('updated', rfc3339(updated)),
    item.published_at ? textElement('published', rfc3339(item.published_at)) : undefined,
    item.author ? element('author', {}, [textElement('name', item.author)]) : undefined,
    ...item.categories.map((category) => element('category', { term: category })),
    htmlTextElement('summary', summary, { type: 'html' }),
    htmlTextElement('content', content, { type: 'html' }),
    attachment
      ? element('link', { rel: 'enclosure', href: attachment.url, type: attachment.type, length: attachment.length })
      : undefined,
  ]);
}

/** Atom ids are IRIs: URLs stay, a SHA-256 GUID becomes a URN, anything else is percent-encoded into one. */
export function atomId(guid: string): string {
  if (/^[a-z][a-z0-9+.-]*:\S+$/i.test(guid)) return guid;
  if (/^[0-9a-f]{64}$/.test(guid)) return `urn:sha256:${guid}`;
  return `urn:pagefeed:${encodeURIComponent(cleanXmlText(guid))}`;
}
