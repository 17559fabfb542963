import type { AnyNode, Element, ParentNode } from 'domhandler';

/**
 * Iterative DOM helpers. Pages can nest thousands of levels deep (broken or hostile markup), so
 * nothing here recurses; every walk stops at `MAX_DEPTH` levels below its root.
 */
export const MAX_DEPTH = 400;

/** Subtrees that never hold feed items or visible text. */
export const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'select', 'textarea', 'button', 'math', 'canvas', 'object']);

export function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

function childrenOf(node: AnyNode): readonly AnyNode[] {
  return 'children' in node ? (node as ParentNode).children : [];
}

/**
 * Visits elements below `root` in document order. `visit` returns false to skip an element's
 * subtree. Skipped tags are never visited.
 */
export function walkElements(root: AnyNode, visit: (element: Element, depth: number) => boolean | void, maxDepth = MAX_DEPTH): void {
  // Two parallel stacks instead of one object per element: walks run over every element of a page
  // several times, and the allocations showed up as garbage-collection time.
  const nodes: Element[] = [];
  const depths: number[] = [];
  const pushChildren = (node: AnyNode, depth: number): void => {
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child && isElement(child)) {
        nodes.push(child);
        depths.push(depth);
      }
    }
  };
  pushChildren(root, 1);
  while (nodes.length > 0) {
    const element = nodes.pop() as Element;
    const depth = depths.pop() as number;
    if (SKIPPED_TAGS.has(element.name)) continue;
    if (visit(element, depth) === false) continue;
    if (depth < maxDepth) pushChildren(element, depth + 1);
  }
}

export interface PageElements {
  /** What `walkElements(root, …)` visits, in the same order. */
  readonly elements: readonly Element[];
  readonly depths: readonly number[];
}

const pageLists = new WeakMap<AnyNode, PageElements>();

/**
 * The elements a full `walkElements` over `root` visits, with their depths, listed once per root:
 * the microdata tier and the DOM tier both read every element of the page.
 */
export function pageElements(root: AnyNode): PageElements {
  let found = pageLists.get(root);
  if (found === undefined) {
    const elements: Element[] = [];
    const depths: number[] = [];
    walkElements(root, (element, depth) => {
      elements.push(element);
      depths.push(depth);
    });
    found = { elements, depths };
    pageLists.set(root, found);
  }
  return found;
}

/** Longest text kept per node; every caller asks for at most this much. */
const TEXT_CACHE_LIMIT = 5_000;

interface TextEntry {
  /** Collapsed text, cut at `TEXT_CACHE_LIMIT`. */
  readonly text: string;
  /** The whole subtree was read and nothing was cut: a parent may use `text` for it. */
  readonly reusable: boolean;
  /** Characters of raw text read (what the limit counts). */
  readonly rawLength: number;
  /** Deepest level reached below the node. */
  readonly maxDepth: number;
}

const textCache = new WeakMap<AnyNode, TextEntry>();

/**
 * Visible text below `node`, whitespace collapsed, cut at `limit` characters. Cached per node:
 * the scorer asks for the same members' text many times, and a list's wrapper holds the text of
 * items already read.
 */
export function textOf(node: AnyNode, limit = 2_000): string {
  let entry = textCache.get(node);
  if (entry === undefined) {
    entry = collectText(node, TEXT_CACHE_LIMIT);
    textCache.set(node, entry);
  }
  const text = entry.text;
  return limit >= text.length ? text : text.slice(0, limit);
}

/**
 * Joins the text nodes below `node` in document order (a space between parts and for `<br>`),
 * stopping once `limit` raw characters are read or `MAX_DEPTH` levels down. A descendant whose
 * whole text is cached and fits is taken from the cache: collapsing whitespace in parts first and
 * again in the whole gives the same string as collapsing once.
 */
const textParts: string[] = [];
const textNodes: AnyNode[] = [];
const textDepths: number[] = [];

function collectText(node: AnyNode, limit: number): TextEntry {
  // Most links, headings and labels hold one text node: no stacks, no join.
  const only = onlyTextChild(node);
  if (only !== undefined && only.length < limit) {
    const collapsed = collapse(only);
    return { text: collapsed, reusable: true, rawLength: only.length, maxDepth: 1 };
  }
  // Shared stacks (this never runs inside itself), emptied before returning so no page is kept.
  const parts = textParts;
  const nodes = textNodes;
  const depths = textDepths;
  parts.length = 0;
  nodes.length = 0;
  depths.length = 0;
  nodes.push(node);
  depths.push(0);
  let length = 0;
  let maxDepth = 0;
  while (nodes.length > 0 && length < limit) {
    const current = nodes.pop() as AnyNode;
    const depth = depths.pop() as number;
    if (depth > maxDepth) maxDepth = depth;
    if (current.type === 'text') {
      const data = (current as unknown as { data: string }).data;
      parts.push(data);
      length += data.length;
      continue;
    }
    if (isElement(current)) {
      if (SKIPPED_TAGS.has(current.name)) continue;
      if (current.name === 'br') parts.push(' ');
      else if (depth > 0 && current.children.length > 1) {
        // Only elements with several children: reading a leaf is cheaper than looking it up.
        const known = textCache.get(current);
        if (known !== undefined && known.reusable && length + known.rawLength < limit && depth + known.maxDepth < MAX_DEPTH) {
          parts.push(known.text);
          length += known.rawLength;
          if (depth + known.maxDepth > maxDepth) maxDepth = depth + known.maxDepth;
          continue;
        }
      }
    }
    if (depth >= MAX_DEPTH) continue;
    const children = childrenOf(current);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  const collapsed = collapse(parts.join(' '));
  const complete = nodes.length === 0;
  parts.length = 0;
  nodes.length = 0;
  depths.length = 0;
  return { text: collapsed.slice(0, limit), reusable: complete && collapsed.length <= limit, rawLength: length, maxDepth };
}

/** The data of `node`'s only child when that child is a text node (not for skipped elements). */
function onlyTextChild(node: AnyNode): string | undefined {
  if (!isElement(node) || SKIPPED_TAGS.has(node.name) || node.name === 'br' || node.children.length !== 1) return undefined;
  const child = node.children[0]!;
  return child.type === 'text' ? (child as unknown as { data: string }).data : undefined;
}

/**
 * Whitespace that collapsing changes: runs of two or more, and single characters other than a
 * space. A lone space is left alone, so text that is already collapsed is returned as it is (no
 * copy) — replacing every run, single spaces included, made a new string for every text.
 */
const UNCOLLAPSED = /[\s\u00a0\u200b]{2,}|[^\S ]|\u200b/g;

/** Runs of whitespace (including no-break and zero-width spaces) become one space; trimmed. */
export function collapse(text: string): string {
  return text.replace(UNCOLLAPSED, ' ').trim();
}

export function attribute(element: Element, name: string): string | undefined {
  // Parents can be the document itself, which has no attributes.
  const value = (element.attribs as Record<string, string> | undefined)?.[name];
  return value === undefined ? undefined : value.trim();
}

export function classesOf(element: Element): string[] {
  const value = (element.attribs as Record<string, string> | undefined)?.['class'];
  return value ? value.split(/\s+/).filter(Boolean) : [];
}

/** Ancestors from the parent up, at most `MAX_DEPTH`. */
export function* ancestorsOf(element: Element): Generator<Element> {
  let current = element.parent;
  let steps = 0;
  while (current && isElement(current as AnyNode) && steps < MAX_DEPTH) {
    yield current as Element;
    current = current.parent;
    steps += 1;
  }
}

export function nextElementSibling(element: Element): Element | undefined {
  let current = element.next;
  while (current) {
    if (isElement(current)) return current;
    current = current.next;
  }
  return undefined;
}

export function findAll(root: AnyNode, predicate: (element: Element) => boolean, limit = Number.POSITIVE_INFINITY): Element[] {
  const found: Element[] = [];
  walkElements(root, (element) => {
    if (found.length >= limit) return false;
    if (predicate(element)) found.push(element);
    return true;
  });
  return found;
}

export function findFirst(root: AnyNode, predicate: (element: Element) => boolean): Element | undefined {
  let found: Element | undefined;
  walkElements(root, (element) => {
    if (found) return false;
    if (predicate(element)) {
      found = element;
      return false;
    }
    return true;
  });
  return found;
}

/** Raw text of a script-like element (walks skip them, so read their children directly). */
export function rawText(element: Element): string {
  return element.children.map((child) => (child.type === 'text' ? (child as unknown as { data: string }).data : '')).join('');
}

const scriptLists = new WeakMap<AnyNode, readonly Element[]>();

/** All `<script>` elements, including those in `<head>`; found once per root (four readers). */
export function scriptsOf(root: AnyNode): readonly Element[] {
  let scripts = scriptLists.get(root);
  if (scripts === undefined) {
    scripts = findScripts(root);
    scriptLists.set(root, scripts);
  }
  return scripts;
}

function findScripts(root: AnyNode): Element[] {
  const scripts: Element[] = [];
  const stack: { node: AnyNode; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop();
    if (!entry) break;
    const current = entry.node;
    if (isElement(current) && current.name === 'script') {
      scripts.push(current);
      continue;
    }
    if (entry.depth >= MAX_DEPTH) continue;
    const children = childrenOf(current);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child && isElement(child)) stack.push({ node: child, depth: entry.depth + 1 });
    }
  }
  return scripts;
}

/** Elements anywhere (head included) matching `predicate`; for `<link>` and `<meta>`. */
export function headElements(root: AnyNode, predicate: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const stack: { node: AnyNode; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop();
    if (!entry) break;
    const current = entry.node;
    if (isElement(current)) {
      if (predicate(current)) found.push(current);
      if (current.name === 'script' || current.name === 'style' || current.name === 'body') continue;
    }
    if (entry.depth >= 4) continue;
    const children = childrenOf(current);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child && isElement(child)) stack.push({ node: child, depth: entry.depth + 1 });
    }
  }
  return found;
}
