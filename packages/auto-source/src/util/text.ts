import type { AnyNode } from 'domhandler';
import { childrenOf, isElement, isSkippedTag, MAX_DEPTH } from './dom.js';

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
 * Inside `withTextScope` texts are kept in a map of that page (dropped with the page). The
 * long-lived weak map holds the entries of every page until a full garbage collection finds their
 * pages dead, so it grows large and slow. The page's map is kept on its root node, not in a weak
 * map keyed by it (see `scanPage` in `dom.ts`: such a value kept every page alive through young
 * collections).
 */
let scoped: Map<AnyNode, TextEntry> | undefined;
const PAGE_TEXTS = Symbol('pagefeed.autoSource.texts');
type TextRoot = AnyNode & { [PAGE_TEXTS]?: Map<AnyNode, TextEntry> };

/**
 * Runs `read` (synchronous: no other extraction can run inside it) with texts cached in the map of
 * the page whose root is `root`. Texts are the same either way; only where they are cached differs.
 */
export function withTextScope<T>(root: AnyNode, read: () => T): T {
  const outer = scoped;
  let cache = (root as TextRoot)[PAGE_TEXTS];
  if (cache === undefined) {
    cache = new Map();
    (root as TextRoot)[PAGE_TEXTS] = cache;
  }
  scoped = cache;
  try {
    return read();
  } finally {
    scoped = outer;
  }
}

/**
 * Visible text below `node`, whitespace collapsed, cut at `limit` characters. Cached per node:
 * the scorer asks for the same members' text many times, and a list's wrapper holds the text of
 * items already read.
 */
export function textOf(node: AnyNode, limit = 2_000): string {
  // One text node (most links, headings, labels): collapsing it is cheaper than a cache entry, and
  // parents never look such an element up (see `collectText`).
  const only = onlyTextChild(node);
  if (only !== undefined && only.length < TEXT_CACHE_LIMIT) {
    const text = collapse(only);
    return limit >= text.length ? text : text.slice(0, limit);
  }
  const cache = scoped ?? textCache;
  let entry = cache.get(node);
  if (entry === undefined) {
    entry = collectText(node, TEXT_CACHE_LIMIT, cache);
    cache.set(node, entry);
  }
  const text = entry.text;
  return limit >= text.length ? text : text.slice(0, limit);
}

/**
 * Joins the text nodes below `node` in document order (a space between parts and for `<br>`),
 * stopping once `limit` raw characters are read or `MAX_DEPTH` levels down, whitespace collapsed.
 * Each part is collapsed as it comes and joined with one space (empty parts left out): collapsing
 * the parts and joining them gives the same string as joining them and collapsing once, without
 * scanning the whole text again at every level. A descendant whose whole text is cached and fits
 * is taken from the cache (already collapsed).
 */
const textNodes: (AnyNode | undefined)[] = [];
const textDepths: number[] = [];

function collectText(node: AnyNode, limit: number, cache: Pick<Map<AnyNode, TextEntry>, 'get'>): TextEntry {
  // Most links, headings and labels hold one text node: no stacks, no join.
  const only = onlyTextChild(node);
  if (only !== undefined && only.length < limit) {
    const collapsed = collapse(only);
    return { text: collapsed, reusable: true, rawLength: only.length, maxDepth: 1 };
  }
  // Shared stacks (this never runs inside itself) used up to `top`: emptying an array with
  // `length = 0` gives its storage back, and every call grew it again. The slots used are cleared
  // before returning so no page is kept.
  const nodes = textNodes;
  const depths = textDepths;
  nodes[0] = node;
  depths[0] = 0;
  let top = 1;
  let highest = 1;
  // The collapsed parts so far, joined with a space.
  let joined = '';
  let length = 0;
  let maxDepth = 0;
  while (top > 0 && length < limit) {
    top -= 1;
    const current = nodes[top]!;
    const depth = depths[top]!;
    if (depth > maxDepth) maxDepth = depth;
    if (current.type === 'text') {
      const data = (current as unknown as { data: string }).data;
      const part = collapse(data);
      if (part.length > 0) joined = joined.length === 0 ? part : `${joined} ${part}`;
      length += data.length;
      continue;
    }
    if (isElement(current)) {
      if (isSkippedTag(current.name)) continue;
      // A line break is whitespace: it only separates the parts around it (nothing to add).
      if (current.name !== 'br' && depth > 0 && current.children.length > 1) {
        // Only elements with several children: reading a leaf is cheaper than looking it up.
        const known = cache.get(current);
        if (known !== undefined && known.reusable && length + known.rawLength < limit && depth + known.maxDepth < MAX_DEPTH) {
          const part = known.text;
          if (part.length > 0) joined = joined.length === 0 ? part : `${joined} ${part}`;
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
        nodes[top] = child;
        depths[top] = depth + 1;
        top += 1;
      }
    }
    if (top > highest) highest = top;
  }
  const complete = top === 0;
  for (let index = 0; index < highest; index += 1) nodes[index] = undefined;
  return { text: joined.length > limit ? joined.slice(0, limit) : joined, reusable: complete && joined.length <= limit, rawLength: length, maxDepth };
}

/** The data of `node`'s only child when that child is a text node (not for skipped elements). */
function onlyTextChild(node: AnyNode): string | undefined {
  if (!isElement(node) || isSkippedTag(node.name) || node.name === 'br' || node.children.length !== 1) return undefined;
  const child = node.children[0]!;
  return child.type === 'text' ? (child as unknown as { data: string }).data : undefined;
}

/**
 * Whitespace that collapsing changes: runs of two or more, and single characters other than a
 * space. A lone space is left alone, so text that is already collapsed is returned as it is (no
 * copy) — replacing every run, single spaces included, made a new string for every text. (A scan
 * of the characters in JavaScript instead of the pattern measured slower.)
 */
const UNCOLLAPSED = /[\s\u00a0\u200b]{2,}|[^\S ]|\u200b/g;

/**
 * Runs of whitespace (including no-break and zero-width spaces) become one space; trimmed.
 * Trimming first gives the same string (the ends' whitespace would be trimmed anyway) and lets
 * whitespace-only text (most text nodes between tags) skip the pattern.
 */
export function collapse(text: string): string {
  const trimmed = text.trim();
  return trimmed.length === 0 ? '' : trimmed.replace(UNCOLLAPSED, ' ').trim();
}

/** JavaScript's `\s`: ASCII whitespace, no-break space, the Unicode space separators, BOM. */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
