import { Element, type AnyNode, type Document } from 'domhandler';
import type { HtmlSourceDocument, JsonSourceDocument, SourceDocument } from '../contracts/document.js';
import type { FetchResult } from '../contracts/fetch.js';
import { FeedError } from '../contracts/errors.js';
import { isNativeFeed } from '../feeds/detect.js';
import { jsonFeedSource, looksLikeJsonFeed } from '../feeds/json-feed.js';
import { parseFeedSource } from '../feeds/parse-feed.js';
import { DecodingHandler, parseWith } from './deferred-entities.js';

export function parseHtml(html: string): Document {
  return parseWithHandler(html).root;
}

function parseWithHandler(html: string): DepthLimitedHandler {
  const handler = new DepthLimitedHandler();
  parseWith(handler, html);
  (handler.root as IndexedDocument)[TAG_INDEX] = { elements: handler.elements, codes: handler.codes, byTag: new Map() };
  return handler;
}

/**
 * Each parsed page's elements in document order (collected with the page), and those of each tag
 * name asked for so far, kept on the document itself. Not in a WeakMap keyed by the document: V8's
 * young-generation collector keeps a WeakMap value alive while its key is young, and this value
 * holds every element, so each page survived (was copied, then promoted) instead of dying young.
 * That doubled the cost of a parse (benchmark: garbage collection 0.5 → 13 ms per round of five
 * pages). The lists by tag are made when first asked for, one pass each: a config asks for a few
 * tags, and filling a map for every element while parsing made a parse about 5 % slower.
 *
 * That pass reads `codes` (one small integer per element, from its name's length and first and
 * last characters, noted while the element was new) and looks at an element only when its code
 * matches. Reading every element's name instead cost 1–2.5 ms a round of benchmark 1's five pages
 * (about 4 ns an element when the tree is in the CPU's cache, 30–50 ns just after a parse, when it
 * is not); the codes are one compact array, an `Int32Array` outside the JavaScript heap (a plain
 * array of them was about 0.2 MB allocated a round while the page's tree is young, and copied
 * with it by each scavenge).
 */
const TAG_INDEX = Symbol('pagefeed.tagIndex');
interface TagIndex {
  readonly elements: readonly Element[];
  /** `nameCode(element.name)` for each of `elements`, at the same index (it may be longer: read up to `elements.length`). */
  readonly codes: Int32Array;
  readonly byTag: Map<string, readonly Element[]>;
}

/** A tag name's length and first and last characters, in one small integer (equal names, equal codes). */
function nameCode(name: string): number {
  return ((name.length & 0xff) << 16) | ((name.charCodeAt(0) & 0xff) << 8) | (name.charCodeAt(name.length - 1) & 0xff);
}
type IndexedDocument = Document & { [TAG_INDEX]?: TagIndex };

/**
 * The page's elements named `tag`, in document order, when `document` was made by `parseHtml`
 * (undefined otherwise). Selecting items on a page tests only these instead of every node. Like
 * css-select and the browser's `querySelectorAll`, it leaves out the contents of `<template>`.
 */
export function elementsNamed(document: Document, tag: string): readonly Element[] | undefined {
  const index = (document as IndexedDocument)[TAG_INDEX];
  return index ? named(index, tag) : undefined;
}

function named(index: TagIndex, tag: string): readonly Element[] {
  let elements = index.byTag.get(tag);
  if (elements === undefined) {
    const code = nameCode(tag);
    const { codes } = index;
    const found: Element[] = [];
    const count = index.elements.length;
    for (let at = 0; at < count; at += 1) {
      if (codes[at] !== code) continue;
      const element = index.elements[at]!;
      if (element.name === tag) found.push(element);
    }
    elements = found;
    index.byTag.set(tag, elements);
  }
  return elements;
}

/** Fewer elements than this inside a root: walking them beats climbing to the page and searching. */
const SMALL_SUBTREE = 48;

/**
 * An element numbered in document order while parsing: `order` is its own number, `last` the
 * highest number among its descendants, so "B is inside A" is `A.order < B.order <= A.last`.
 * Elements inside a `<template>` keep 0 (they are not in the tag index either). Declared fields,
 * so every element has one shape and the numbers cost no extra allocation.
 */
export class OrderedElement extends Element {
  order = 0;
  last = 0;
}

/**
 * The elements named `tag` inside `root` (not `root` itself), in document order, read from the
 * page's tag index by the elements' numbers instead of walking `root`'s subtree. Undefined when
 * `root` was not numbered by `parseHtml` (another parser, or inside a `<template>`) or is a
 * `<template>` (a search from one looks at its contents, which the index leaves out), and when
 * `root` holds only a few elements (walking them is cheaper than finding the page): walk instead.
 */
export function elementsNamedWithin(root: Element, tag: string): readonly OrderedElement[] | undefined {
  if (!(root instanceof OrderedElement) || root.order === 0 || root.name === 'template') return undefined;
  if (root.last - root.order < SMALL_SUBTREE) return undefined;
  let top: AnyNode = root;
  while (top.parent) top = top.parent;
  const index = (top as IndexedDocument)[TAG_INDEX];
  if (!index) return undefined;
  const elements = named(index, tag) as readonly OrderedElement[];
  // First element numbered after root (binary search), then every one up to root's last descendant.
  let low = 0;
  let high = elements.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (elements[middle]!.order <= root.order) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < elements.length && elements[end]!.order <= root.last) end += 1;
  return elements.slice(low, end);
}

/**
 * htmlparser2 keeps its open-element stack in an array it shifts and unshifts, so parse time grows
 * with the square of the nesting depth (40k levels ≈ 1 s, 200k ≈ 45 s). Real pages nest a few
 * dozen levels; a page that opens thousands of elements it never closes is refused as soon as the
 * tree being built is that deep (reaching it costs a few milliseconds). Elements HTML closes
 * implicitly (p, li, td, …) and void elements never count: this is the depth of the real tree.
 */
export const MAX_NESTING_DEPTH = 5_000;

class DepthLimitedHandler extends DecodingHandler {
  /** The first `<base>` with an href, noted while the tree is built (no second look at the page). */
  base: Element | undefined;
  /** The page's elements in document order, numbered by their place here (see `OrderedElement`); not those inside a `<template>`. */
  readonly elements: Element[] = [];
  /** The name code of each of `elements` (see `TagIndex`), grown by doubling. */
  codes = new Int32Array(1024);
  /** Open `<template>` elements around the current position. */
  private templates = 0;

  override onopentag(name: string, attribs: Record<string, string>): void {
    // tagStack holds the document too: its length is the new element's depth.
    if (this.tagStack.length > MAX_NESTING_DEPTH) {
      throw new FeedError('InputInvalid', `The page nests elements more than ${MAX_NESTING_DEPTH} levels deep; pagefeed refuses it rather than spend minutes parsing it`, {
        hint: 'check the URL points at a normal web page; broken or hostile markup cannot be turned into a feed',
        details: { maxDepth: MAX_NESTING_DEPTH },
      });
    }
    this.opened(name);
    // DomHandler.onopentag, with the numbered element.
    const element = new OrderedElement(name, attribs);
    this.addNode(element);
    this.tagStack.push(element);
    if (this.templates === 0) {
      const at = this.elements.length;
      element.order = this.elements.push(element);
      if (at === this.codes.length) {
        const grown = new Int32Array(at * 2);
        grown.set(this.codes);
        this.codes = grown;
      }
      this.codes[at] = nameCode(name);
    }
    if (name === 'template') this.templates += 1;
    if (name === 'base' && this.base === undefined && attribs['href']) this.base = element;
  }

  override onclosetag(): void {
    const element = this.tagStack[this.tagStack.length - 1];
    if (element instanceof OrderedElement) {
      if (element.name === 'template') this.templates -= 1;
      if (element.order !== 0) element.last = this.elements.length;
    }
    super.onclosetag();
  }
}

/**
 * Parse a fetched page once; `<base href>` wins over the fetch URL as base for relative links.
 * An RSS, Atom or JSON Feed source (typed JSON, or untyped with a JSON Feed version) is read into
 * its entries (`feeds/`); other JSON stays JSON for selectors.
 */
export function toSourceDocument(result: FetchResult): SourceDocument {
  if (result.contentType.includes('json') || (result.contentType === '' && looksLikeJsonFeed(result.body))) {
    const json = parseJsonSource(result);
    return jsonFeedSource(json) ?? json;
  }
  if (isNativeFeed(result.contentType, result.body)) return parseFeedSource(result);
  return parseHtmlSource(result.body, result.url);
}

export function parseHtmlSource(html: string, url: string): HtmlSourceDocument {
  const handler = parseWithHandler(html);
  const document = handler.root;
  const base = handler.base;
  let baseUrl = url;
  if (base) {
    try {
      baseUrl = new URL(base.attribs['href'] ?? '', url).href;
    } catch {
      baseUrl = url;
    }
  }
  return { kind: 'html', url: baseUrl, html, document };
}

/** JSON APIs nest a handful of levels; the tree walkers that query JSON recurse per level. */
export const MAX_JSON_DEPTH = 512;

function parseJsonSource(result: FetchResult): JsonSourceDocument {
  if (jsonDepth(result.body) > MAX_JSON_DEPTH) {
    throw new FeedError('InputInvalid', `The JSON at ${result.url} nests more than ${MAX_JSON_DEPTH} levels deep; pagefeed refuses it`, {
      hint: 'check the URL returns an ordinary JSON API response',
      details: { maxDepth: MAX_JSON_DEPTH },
    });
  }
  try {
    return { kind: 'json', url: result.url, text: result.body, data: JSON.parse(result.body) as unknown };
  } catch (error) {
    throw new FeedError('InputInvalid', `The page at ${result.url} says it is JSON but does not parse: ${(error as Error).message}`, {
      cause: error,
      hint: 'check the URL returns valid JSON, or remove the JSON content type',
    });
  }
}

/** Deepest array/object nesting of a JSON text (strings skipped), without parsing it. */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > MAX_JSON_DEPTH) return deepest;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return deepest;
}
