import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import type { NativeFeedChannel } from '../contracts/document.js';
import type { Enclosure, ItemDraft } from '../contracts/item.js';
import { atomTextConstruct, setItemHtml } from './entry-values.js';
import { mediaImage } from './media.js';
import { compact, type FeedContent, type FeedEntry } from './feed-content.js';
import { baseOf, childNamed, childrenNamed, childText, nonBlank, NS, resolveUrl } from './xml.js';

/** Atom 1.0 (`<feed xmlns="http://www.w3.org/2005/Atom">` with `<entry>` children). */
export function readAtom(root: Element, feedUrl: string): FeedContent {
  const base = baseOf(root, feedUrl);
  const title = atomTextConstruct(childNamed(root, NS.atom, 'title')).text;
  const channel: NativeFeedChannel = compact({
    title,
    description: atomTextConstruct(childNamed(root, NS.atom, 'subtitle')).text,
    language: nonBlank(root.attribs['xml:lang']),
    image: resolveUrl(childText(root, NS.atom, 'logo') ?? childText(root, NS.atom, 'icon'), base),
    link: alternateLink(root, feedUrl),
  });
  // Entries without authors of their own inherit the feed's (RFC 4287 §4.2.1).
  const feedAuthor = authorNames(root);
  const entries = childrenNamed(root, NS.atom, 'entry').map((entry) => readEntry(entry, feedUrl, feedAuthor));
  return { channel, entries };
}

function readEntry(entry: Element, feedUrl: string, feedAuthor: string | undefined): FeedEntry {
  const base = baseOf(entry, feedUrl);
  const guid = childText(entry, NS.atom, 'id');
  const draft: ItemDraft = {};
  const title = atomTextConstruct(childNamed(entry, NS.atom, 'title')).text;
  if (title !== undefined) draft.title = title;
  const url = alternateLink(entry, feedUrl);
  if (url !== undefined) draft.url = url;
  const summary = childNamed(entry, NS.atom, 'summary');
  const content = childNamed(entry, NS.atom, 'content');
  setItemHtml(draft, 'description', atomTextConstruct(summary).html, summary ? baseOf(summary, feedUrl) : base);
  setItemHtml(draft, 'content', atomTextConstruct(content).html, content ? baseOf(content, feedUrl) : base);
  const author = authorNames(entry) ?? authorNames(childNamed(entry, NS.atom, 'source')) ?? feedAuthor;
  if (author !== undefined) draft.author = author;
  const categories = childrenNamed(entry, NS.atom, 'category')
    .map((element) => nonBlank(element.attribs['label']) ?? nonBlank(element.attribs['term']))
    .filter((value): value is string => value !== undefined);
  if (categories.length > 0) draft.categories = categories;
  const published = childText(entry, NS.atom, 'published');
  if (published !== undefined) draft.published_at = published;
  const updated = childText(entry, NS.atom, 'updated');
  if (updated !== undefined) draft.updated_at = updated;
  const enclosure = atomEnclosure(entry, feedUrl);
  if (enclosure) draft.enclosure = enclosure;
  const image = mediaImage(entry, base);
  if (image !== undefined) draft.image = image;
  if (guid !== undefined) draft.guid = guid;
  return { draft, guid };
}

/** The `link` with `rel="alternate"` or no rel (an HTML one first), resolved against its own base. */
function alternateLink(parent: Element, feedUrl: string): string | undefined {
  const alternates = childrenNamed(parent, NS.atom, 'link').filter((link) => (link.attribs['rel']?.trim() ?? 'alternate') === 'alternate' && link.attribs['href']);
  const link = alternates.find((candidate) => /html/i.test(candidate.attribs['type'] ?? 'text/html')) ?? alternates[0];
  return link ? resolveUrl(link.attribs['href'], baseOf(link, feedUrl)) : undefined;
}

function atomEnclosure(entry: Element, feedUrl: string): Enclosure | undefined {
  const link = childrenNamed(entry, NS.atom, 'link').find((candidate) => candidate.attribs['rel']?.trim() === 'enclosure' && candidate.attribs['href']);
  const url = link ? resolveUrl(link.attribs['href'], baseOf(link, feedUrl)) : undefined;
  if (!link || url === undefined) return undefined;
  const type = nonBlank(link.attribs['type']);
  const length = Number(link.attribs['length']);
  return { url, ...(type ? { type } : {}), ...(Number.isInteger(length) && length > 0 ? { length } : {}) };
}

function authorNames(parent: Element | undefined): string | undefined {
  if (!parent) return undefined;
  const names = childrenNamed(parent, NS.atom, 'author')
    .map((author) => {
      const name = childNamed(author, NS.atom, 'name');
      return name ? nonBlank(textContent(name)) : undefined;
    })
    .filter((name): name is string => name !== undefined);
  return names.length > 0 ? names.join(', ') : undefined;
}
