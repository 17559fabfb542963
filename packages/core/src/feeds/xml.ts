import { Parser } from 'htmlparser2';
import { DomHandler, isTag, type AnyNode, type Document, type Element } from 'domhandler';
import { textContent } from 'domutils';
import { FeedError } from '../contracts/errors.js';
import { resolveHref } from '../items/resolve-url.js';

/**
 * XML mode: only the five XML entities and numeric references are decoded. The parser has no DTD
 * processing at all: a doctype is a declaration it skips, so `<!ENTITY … SYSTEM "file:…">` is
 * never read (no XXE) and `&name;` of a declared entity stays as written (no expansion bombs).
 */
const XML_OPTIONS = { xmlMode: true, decodeEntities: true } as const;

/** Feeds nest a few levels; inline XHTML content a few dozen. Deeper is hostile or broken. */
export const MAX_FEED_DEPTH = 1_000;

class DepthLimitedXmlHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    if (this.tagStack.length > MAX_FEED_DEPTH) {
      throw new FeedError('InputInvalid', `The feed nests elements more than ${MAX_FEED_DEPTH} levels deep; pagefeed refuses it`, {
        hint: 'check the URL serves an ordinary RSS or Atom feed',
        details: { maxDepth: MAX_FEED_DEPTH },
      });
    }
    super.onopentag(name, attribs);
  }
}

export function parseXml(text: string): Document {
  const handler = new DepthLimitedXmlHandler();
  new Parser(handler, XML_OPTIONS).end(text);
  return handler.root;
}

export const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  atom03: 'http://purl.org/atom/ns#',
  rss1: 'http://purl.org/rss/1.0/',
  rss090: 'http://my.netscape.com/rdf/simple/0.9/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  content: 'http://purl.org/rss/1.0/modules/content/',
  dc: 'http://purl.org/dc/elements/1.1/',
  media: 'http://search.yahoo.com/mrss/',
  xhtml: 'http://www.w3.org/1999/xhtml',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const;

/** Feeds that use a prefix without declaring it mean the usual namespace (readers accept them). */
const CONVENTIONAL_PREFIXES: Readonly<Record<string, string>> = {
  atom: NS.atom,
  rdf: NS.rdf,
  content: NS.content,
  dc: NS.dc,
  media: NS.media,
  xml: NS.xml,
};

/** The namespace URI of an element ('' for none), from the `xmlns` declarations in scope. */
export function namespaceOf(element: Element): string {
  const colon = element.name.indexOf(':');
  const attribute = colon === -1 ? 'xmlns' : `xmlns:${element.name.slice(0, colon)}`;
  for (let node: Element | null = element; node; node = node.parent && isTag(node.parent) ? node.parent : null) {
    const declared = node.attribs[attribute];
    if (declared !== undefined) return declared.trim();
  }
  return colon === -1 ? '' : (CONVENTIONAL_PREFIXES[element.name.slice(0, colon)] ?? '');
}

export function localName(element: Element): string {
  const colon = element.name.indexOf(':');
  return colon === -1 ? element.name : element.name.slice(colon + 1);
}

export function isElement(node: AnyNode, namespace: string, name: string): node is Element {
  return isTag(node) && localName(node) === name && namespaceOf(node) === namespace;
}

export function childrenNamed(parent: Element | Document, namespace: string, name: string): Element[] {
  return parent.children.filter((child): child is Element => isElement(child, namespace, name));
}

export function childNamed(parent: Element, namespace: string, name: string): Element | undefined {
  return parent.children.find((child): child is Element => isElement(child, namespace, name));
}

/** The text of the first child so named, trimmed; undefined when missing or blank. */
export function childText(parent: Element, namespace: string, name: string): string | undefined {
  const child = childNamed(parent, namespace, name);
  return child ? nonBlank(textContent(child)) : undefined;
}

export function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The base URL in effect at `element`: `xml:base` on it and its ancestors, each resolved against
 * the one above, starting from the feed's URL.
 */
export function baseOf(element: Element, feedUrl: string): string {
  const bases: string[] = [];
  for (let node: Element | null = element; node; node = node.parent && isTag(node.parent) ? node.parent : null) {
    const base = node.attribs['xml:base'];
    if (base !== undefined) bases.push(base);
  }
  let url = feedUrl;
  for (let index = bases.length - 1; index >= 0; index -= 1) url = resolveUrl(bases[index]!, url) ?? url;
  return url;
}

/** `value` resolved against `base` (the items' shared resolver), or undefined when it is not a URL at all. */
export function resolveUrl(value: string | undefined, base: string): string | undefined {
  const trimmed = nonBlank(value);
  return trimmed === undefined ? undefined : resolveHref(trimmed, base);
}
