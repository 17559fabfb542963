/**
 * The few things the selector logic asks of a document, so the same pure code runs on the
 * browser's DOM (the picker) and on core's parsed pages (unit tests, which then also prove the
 * selectors behave in the engine's own selector engine).
 */
export interface PickerDom<E> {
  parent(element: E): E | undefined;
  children(element: E): readonly E[];
  /** Lower-case tag name. */
  tag(element: E): string;
  attribute(element: E, name: string): string | undefined;
  attributeNames(element: E): readonly string[];
  /** Descendants of `root` matching `selector` (querySelectorAll semantics); [] for an invalid selector. */
  selectAll(root: E, selector: string): readonly E[];
  /** Text content, whitespace collapsed and trimmed. */
  text(element: E): string;
}

export function contains<E>(dom: PickerDom<E>, ancestor: E, node: E): boolean {
  for (let current: E | undefined = node; current !== undefined; current = dom.parent(current)) if (current === ancestor) return true;
  return false;
}

/** `node` and its ancestors, nearest first. */
export function ancestry<E>(dom: PickerDom<E>, node: E): E[] {
  const chain: E[] = [];
  for (let current: E | undefined = node; current !== undefined; current = dom.parent(current)) chain.push(current);
  return chain;
}

/** The browser's DOM as a `PickerDom` (the picker's frame). */
export const browserDom: PickerDom<Element> = {
  parent: (element) => element.parentElement ?? undefined,
  children: (element) => [...element.children],
  tag: (element) => element.localName.toLowerCase(),
  attribute: (element, name) => element.getAttribute(name) ?? undefined,
  attributeNames: (element) => element.getAttributeNames(),
  selectAll: (root, selector) => {
    try {
      return FROM_SCOPE.test(selector) ? selectAfter(root, selector) : [...root.querySelectorAll(selector)];
    } catch {
      return [];
    }
  },
  text: (element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
};

/** A selector that starts at the element and goes to its following siblings (`:scope + dd a`). */
const FROM_SCOPE = /^:scope\s*[+~]/;
const SCOPE_MARK = 'data-pf-scope';

/**
 * `querySelectorAll` finds descendants only, so `:scope + dd` asked of a `dt` finds nothing in the
 * browser (the engine's css-select reads it relative to the element). The same meaning: the
 * element is marked for a moment and the selector asked of its parent, anchored at the mark.
 */
function selectAfter(root: Element, selector: string): Element[] {
  const parent = root.parentElement;
  if (!parent) return [];
  root.setAttribute(SCOPE_MARK, '');
  try {
    return [...parent.querySelectorAll(selector.replace(/^:scope/, `:scope > [${SCOPE_MARK}]`))];
  } finally {
    root.removeAttribute(SCOPE_MARK);
  }
}
