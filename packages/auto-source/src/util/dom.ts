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

export function childrenOf(node: AnyNode): readonly AnyNode[] {
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
  const nodes: AnyNode[] = [root];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const current = nodes.pop() as AnyNode;
    const depth = depths.pop() as number;
    if (isElement(current) && current.name === 'script') {
      scripts.push(current);
      continue;
    }
    if (depth >= MAX_DEPTH) continue;
    const children = childrenOf(current);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child && isElement(child)) {
        nodes.push(child);
        depths.push(depth + 1);
      }
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
