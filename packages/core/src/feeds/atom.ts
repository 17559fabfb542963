import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import type { NativeFeedChannel } from '../contracts/document.js';
import type { Enclosure, ItemDraft } from '../contracts/item.js';
import { atom03TextConstruct } from './atom03-text.js';
import { atomTextConstruct, setItemHtml, type TextConstruct } from './entry-values.js';
import { mediaImage } from './media.js';
import { compact, type FeedContent, type FeedEntry } from './feed-content.js';
import { baseOf, childNamed, childrenNamed, childText, nonBlank, NS, resolveUrl } from './xml.js';

/** What differs between Atom 1.0 and its draft ancestor 0.3: namespace, text constructs, names. */
export interface AtomDialect {
  readonly namespace: string;
  readonly text: (element: Element | undefined) => TextConstruct;
  /** The feed's description: `subtitle`, 0.3's `tagline`. */
  readonly subtitle: string;
  /** Publication date elements, first found wins: `published`; 0.3's `issued`, then `created`. */
  readonly published: readonly string[];
  /** Last-change date: `updated`; 0.3's `modified`. */
  readonly updated: string;
}

export const ATOM_10: AtomDialect = { namespace: NS.atom, text: atomTextConstruct, subtitle: 'subtitle', published: ['published'], updated: 'updated' };
export const ATOM_03: AtomDialect = { namespace: NS.atom03, text: atom03TextConstruct, subtitle: 'tagline', published: ['issued', 'created'], updated: 'modified' };

/** Atom 1.0 (`<feed xmlns="http://www.w3.org/2005/Atom">` with `<entry>` children), or 0.3. */
export function readAtom(root: Element, feedUrl: string, dialect: AtomDialect = ATOM_10): FeedContent {
  const ns = dialect.namespace;
  const base = baseOf(root, feedUrl);
  const channel: NativeFeedChannel = compact({
    title: dialect.text(childNamed(root, ns, 'title')).text,
    description: dialect.text(childNamed(root, ns, dialect.subtitle)).text,
    language: nonBlank(root.attribs['xml:lang']),
    image: resolveUrl(childText(root, ns, 'logo') ?? childText(root, ns, 'icon'), base),
    link: alternateLink(root, ns, feedUrl),
  });
  // Entries without authors of their own inherit the feed's (RFC 4287 §4.2.1; 0.3 says the same).
  const feedAuthor = authorNames(root, ns);
  const entries = childrenNamed(root, ns, 'entry').map((entry) => readEntry(entry, feedUrl, feedAuthor, dialect));
  return { channel, entries };
}

function readEntry(entry: Element, feedUrl: string, feedAuthor: string | undefined, dialect: AtomDialect): FeedEntry {
  const ns = dialect.namespace;
  const base = baseOf(entry, feedUrl);
  const guid = childText(entry, ns, 'id');
  const draft: ItemDraft = {};
  const title = dialect.text(childNamed(entry, ns, 'title')).text;
  if (title !== undefined) draft.title = title;
  const url = alternateLink(entry, ns, feedUrl);
  if (url !== undefined) draft.url = url;
  const summary = childNamed(entry, ns, 'summary');
  const content = contentElement(entry, ns);
  setItemHtml(draft, 'description', dialect.text(summary).html, summary ? baseOf(summary, feedUrl) : base);
  setItemHtml(draft, 'content', dialect.text(content).html, content ? baseOf(content, feedUrl) : base);
  const author = authorNames(entry, ns) ?? authorNames(childNamed(entry, ns, 'source'), ns) ?? feedAuthor;
  if (author !== undefined) draft.author = author;
  const categories = [
    ...childrenNamed(entry, ns, 'category').map((element) => nonBlank(element.attribs['label']) ?? nonBlank(element.attribs['term'])),
    ...childrenNamed(entry, NS.dc, 'subject').map((element) => nonBlank(textContent(element))),
  ].filter((value): value is string => value !== undefined);
  if (categories.length > 0) draft.categories = categories;
  const published = dialect.published.map((name) => childText(entry, ns, name)).find((value) => value !== undefined);
  if (published !== undefined) draft.published_at = published;
  const updated = childText(entry, ns, dialect.updated);
  if (updated !== undefined) draft.updated_at = updated;
  const enclosure = atomEnclosure(entry, ns, feedUrl);
  if (enclosure) draft.enclosure = enclosure;
  const image = mediaImage(entry, base);
  if (image !== undefined) draft.image = image;
  if (guid !== undefined) draft.guid = guid;
  return { draft, guid };
}

/** The first `content`; Atom 0.3 may offer several (multipart alternatives): an HTML one first. */
function contentElement(entry: Element, ns: string): Element | undefined {
  const contents = childrenNamed(entry, ns, 'content');
  return contents.length > 1 ? (contents.find((content) => /html/i.test(content.attribs['type'] ?? '')) ?? contents[0]) : contents[0];
}

/** The `link` with `rel="alternate"` or no rel (an HTML one first), resolved against its own base. */
function alternateLink(parent: Element, ns: string, feedUrl: string): string | undefined {
  const alternates = childrenNamed(parent, ns, 'link').filter((link) => (link.attribs['rel']?.trim() ?? 'alternate') === 'alternate' && link.attribs['href']);
  const link = alternates.find((candidate) => /html/i.test(candidate.attribs['type'] ?? 'text/html')) ?? alternates[0];
  return link ? resolveUrl(link.attribs['href'], baseOf(link, feedUrl)) : undefined;
}

function atomEnclosure(entry: Element, ns: string, feedUrl: string): Enclosure | undefined {
  const link = childrenNamed(entry, ns, 'link').find((candidate) => candidate.attribs['rel']?.trim() === 'enclosure' && candidate.attribs['href']);
  const url = link ? resolveUrl(link.attribs['href'], baseOf(link, feedUrl)) : undefined;
  if (!link || url === undefined) return undefined;
  const type = nonBlank(link.attribs['type']);
  const length = Number(link.attribs['length']);
  return { url, ...(type ? { type } : {}), ...(Number.isInteger(length) && length > 0 ? { length } : {}) };
}

function authorNames(parent: Element | undefined, ns: string): string | undefined {
  if (!parent) return undefined;
  const names = childrenNamed(parent, ns, 'author')
    .map((author) => {
      const name = childNamed(author, ns, 'name');
      return name ? nonBlank(textContent(name)) : undefined;
    })
    .filter((name): name is string => name !== undefined);
  return names.length > 0 ? names.join(', ') : undefined;
}
