import { compile as cssCompile, selectAll as cssSelectAll, selectOne as cssSelectOne, type Options } from 'css-select';
import * as DomUtils from 'domutils';
import { parse as parseCss, type Selector } from 'css-what';
import type { AnyNode, Element } from 'domhandler';
import { isDocument, isTag } from 'domhandler';
import { elementsNamed, elementsNamedWithin, type OrderedElement } from './parse.js';
import { FeedError } from '../contracts/errors.js';

/**
 * CSS selection with the jQuery-style positional extensions used by html2rss configs:
 * a trailing `:first` or `:last` (per whole selector group) picks one match, `:eq(n)` the n-th.
 */
export interface CompiledSelector {
  readonly source: string;
  selectAll(root: AnyNode | AnyNode[]): Element[];
  selectOne(root: AnyNode | AnyNode[]): Element | null;
  /**
   * The matches inside `root` that are not inside another match, in document order. The search
   * does not enter a match: a part whose match holds most of an item is not searched twice.
   */
  selectOutermost(root: Element): Element[];
}

const POSITIONAL = /:(first|last|eq\((\d+)\))\s*$/;
const cache = new Map<string, CompiledSelector>();

export function compileSelector(selector: string, path?: string): CompiledSelector {
  const cached = cache.get(selector);
  if (cached) return cached;
  const compiled = compileUncached(selector, path);
  if (cache.size > 5_000) cache.clear();
  cache.set(selector, compiled);
  return compiled;
}

function compileUncached(selector: string, path?: string): CompiledSelector {
  const trimmed = selector.trim();
  const positional = POSITIONAL.exec(trimmed);
  const css = positional ? trimmed.slice(0, positional.index).trim() || '*' : trimmed;
  const tokens = parseValidCss(css, selector, path);
  const pick = (elements: Element[]): Element[] => {
    if (!positional) return elements;
    if (positional[1] === 'first') return elements.slice(0, 1);
    if (positional[1] === 'last') return elements.slice(-1);
    const index = Number(positional[2]);
    return elements.slice(index, index + 1);
  };
  const independent = !dependsOnContext(tokens);
  // A selector whose last step names a tag tests only the elements of that tag (indexed while
  // parsing) instead of every node: on a whole page, and inside an item.
  const tag = independent ? lastStepTag(tokens) : undefined;
  const query = independent ? createReusableQuery(css, tag) : undefined;
  const pageQuery: Query | undefined = tag === undefined ? undefined : cssCompile<AnyNode, Element>(css);
  const onPage = (root: AnyNode | AnyNode[]): readonly Element[] | undefined =>
    pageQuery && !Array.isArray(root) && isDocument(root) ? elementsNamed(root, tag!) : undefined;
  const selectAll = (root: AnyNode | AnyNode[]): Element[] => {
    const named = onPage(root);
    if (named) return named.filter(pageQuery!);
    return query ? query.selectAll(root) : cssSelectAll(css, root);
  };
  return {
    source: selector,
    selectAll: (root) => pick(selectAll(root)),
    selectOne: (root) => {
      if (positional) return pick(selectAll(root))[0] ?? null;
      const named = onPage(root);
      if (named) return named.find(pageQuery!) ?? null;
      return query ? query.selectOne(root) : cssSelectOne(css, root);
    },
    // A positional pick counts nested matches too, so it needs them all first.
    selectOutermost: (root) => (query && !positional ? query.selectOutermost(root) : outermost(pick(selectAll(root)), root)),
  };
}

/**
 * Matches nested inside an earlier match are already part of its text and HTML: dropping them
 * keeps values free of repeats, and keeps a selector like `div` on deeply nested markup from
 * serialising the same subtree hundreds of times (which took minutes on a 5 KB hostile page).
 * Matches come in document order, so only the last kept match can contain the next one.
 */
export function outermost(elements: Element[], root: Element): Element[] {
  if (elements.length < 2) return elements;
  const kept: Element[] = [];
  let last: Element | undefined;
  for (const element of elements) {
    if (last && isInside(element, last, root)) continue;
    kept.push(element);
    last = element;
  }
  return kept;
}

function isInside(element: Element, ancestor: Element, root: Element): boolean {
  for (let node = element.parent; node && node !== root; node = node.parent) if (node === ancestor) return true;
  return false;
}

/** Pre-order search under `root` that does not enter a match (its own stack: no recursion). */
function findOutermost(query: Query, root: Element): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [];
  for (let index = root.children.length - 1; index >= 0; index -= 1) stack.push(root.children[index]!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    if (query(node)) {
      found.push(node);
      continue;
    }
    // css-select (like querySelectorAll) does not look inside <template>.
    if (node.name === 'template') continue;
    for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index]!);
  }
  return found;
}

type Query = ReturnType<typeof cssCompile<AnyNode, Element>>;

/**
 * css-select compiles a string selector on every call; items × parts calls made compiling the
 * dominant cost of small selectors. This compiles once for element roots (one call per item and
 * part), with the same meaning as the string form: given an element that has a parent element,
 * css-select reads `a b` as `:scope a b` (the whole chain inside the element, like jQuery's
 * `find`). `rootFunc` checks exactly that on the leftmost compound's element against the current
 * root. The query sees the tree through an adapter whose parent links end above the root: a
 * candidate's ancestors are looked at up to the root and not beyond (for every `a` of an item
 * that is not `h2 a`, css-select used to climb to the top of the page; on deep pages that was most
 * of the extraction time). Nothing above the root could match anyway, so the answers are the same.
 * Results are not cached across calls (`cacheResults: false`) because both depend on the root.
 * Other roots (the document: one call per page) keep the string form and its per-call cache.
 */
interface ReusableQuery {
  selectAll(root: AnyNode | AnyNode[]): Element[];
  selectOne(root: AnyNode | AnyNode[]): Element | null;
  selectOutermost(root: Element): Element[];
}

function createReusableQuery(css: string, tag: string | undefined): ReusableQuery {
  let scope: AnyNode | undefined;
  const insideScope = (element: Element): boolean => {
    for (let parent = element.parent; parent; parent = parent.parent) if (parent === scope) return true;
    return false;
  };
  const adapter: NonNullable<Options<AnyNode, Element>['adapter']> = {
    ...DomUtils,
    getParent: (element) => (element === scope ? null : element.parent),
  };
  const scoped: Query = cssCompile<AnyNode, Element>(css, { adapter, rootFunc: insideScope, cacheResults: false });
  // css-select scopes only an element root whose parent is an element.
  const run = <T>(root: AnyNode | AnyNode[], select: (query: Query) => T, fallback: () => T): T => {
    if (Array.isArray(root) || !(isTag(root) && root.parent && isTag(root.parent))) return fallback();
    const previous = scope;
    scope = root;
    try {
      return select(scoped);
    } finally {
      scope = previous;
    }
  };
  // The candidates inside an element root, from the page's tag index (undefined: walk the subtree).
  const within = (root: AnyNode | AnyNode[]) => (tag !== undefined && !Array.isArray(root) && isTag(root) ? elementsNamedWithin(root, tag) : undefined);
  return {
    selectAll: (root) =>
      run(
        root,
        (query) => within(root)?.filter(query) ?? cssSelectAll<AnyNode, Element>(query, root, { adapter }),
        () => cssSelectAll(css, root),
      ),
    selectOne: (root) =>
      run(
        root,
        (query) => {
          const candidates = within(root);
          return candidates ? (candidates.find(query) ?? null) : cssSelectOne<AnyNode, Element>(query, root, { adapter });
        },
        () => cssSelectOne(css, root),
      ),
    selectOutermost: (root) =>
      run(
        root,
        (query) => {
          const candidates = within(root);
          return candidates ? outermostCandidates(query, candidates) : findOutermost(query, root as Element);
        },
        () => outermost(cssSelectAll(css, root), root as Element),
      ),
  };
}

/** `findOutermost` over candidates in document order: a candidate inside the last match is skipped. */
function outermostCandidates(query: Query, candidates: readonly OrderedElement[]): Element[] {
  const found: Element[] = [];
  let insideUpTo = 0;
  for (const candidate of candidates) {
    if (candidate.order <= insideUpTo) continue;
    if (query(candidate)) {
      found.push(candidate);
      insideUpTo = candidate.last;
    }
  }
  return found;
}

/**
 * The tag named by the last compound of every selector in the group (`div.list > a.title` → `a`;
 * `h2 a, h3 a` → `a`), if they all name the same one: every match is an element of that tag.
 */
function lastStepTag(groups: Selector[][]): string | undefined {
  let common: string | undefined;
  for (const group of groups) {
    let start = 0;
    group.forEach((token, index) => {
      if (TRAVERSALS.has(token.type)) start = index + 1;
    });
    const tag = group.slice(start).find((token) => token.type === 'tag');
    const name = tag && 'name' in tag ? tag.name.toLowerCase() : undefined;
    if (name === undefined || (common !== undefined && name !== common)) return undefined;
    common = name;
  }
  return common;
}

const TRAVERSALS = new Set(['descendant', 'child', 'parent', 'sibling', 'adjacent', 'column-combinator']);
const CONTEXT_SUBSELECTS = new Set(['is', 'not', 'matches', 'where']);

/**
 * Selectors whose meaning depends on the context element beyond "inside it" keep css-select's
 * per-call compilation: relative selectors (`> a`, `+ p`), `:scope`, and `:is`/`:not`/`:matches`/
 * `:where` with combinators inside (css-select scopes those to the context too).
 */
function dependsOnContext(groups: Selector[][], nested = false): boolean {
  return groups.some((group) => {
    if (group.length > 0 && TRAVERSALS.has(group[0]!.type)) return true;
    return group.some((token) => {
      if (nested && TRAVERSALS.has(token.type)) return true;
      if (token.type !== 'pseudo') return false;
      if (token.name === 'scope') return true;
      if (!Array.isArray(token.data)) return false;
      return dependsOnContext(token.data, nested || CONTEXT_SUBSELECTS.has(token.name));
    });
  });
}

function parseValidCss(css: string, original: string, path?: string): Selector[][] {
  try {
    const tokens = parseCss(css);
    // css-select rejects some selectors css-what accepts (unknown pseudo-classes); compile to find out.
    cssSelectAll(css, []);
    return tokens;
  } catch (error) {
    const where = path ? ` at ${path}` : '';
    throw new FeedError('ConfigurationInvalid', `Invalid CSS selector${where}: "${original}" (${(error as Error).message})`, {
      ...(path === undefined ? {} : { path }),
      hint: 'fix the selector; test it in the browser console with document.querySelectorAll(...)',
      cause: error,
    });
  }
}
