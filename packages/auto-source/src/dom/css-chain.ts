import type { AnyNode, Element } from 'domhandler';

/**
 * One compound of a child-combinator chain as data, so candidate selectors can be rejected by a
 * scan of the page's elements before css-select runs them over the whole document.
 */
export interface Step {
  readonly css: string;
  readonly tag?: string;
  readonly id?: string;
  readonly classes: readonly string[];
}

export const cssOf = (steps: readonly Step[]): string => steps.map((step) => step.css).join(' > ');

/** What css-select does for `tag#id.class` (class tokens split on `\s`, as its `~=` does). */
function matchesStep(element: Element, step: Step): boolean {
  if (step.tag !== undefined && element.name !== step.tag) return false;
  const attributes = element.attribs as Record<string, string> | undefined;
  if (step.id !== undefined && attributes?.['id'] !== step.id) return false;
  if (step.classes.length === 0) return true;
  const value = attributes?.['class'] ?? '';
  for (let index = 0; index < step.classes.length; index += 1) if (!hasToken(value, step.classes[index]!)) return false;
  return true;
}

/**
 * `value.split(/\s+/).includes(name)` for a name without whitespace, without the array: an
 * occurrence of `name` bounded by whitespace or the ends of `value`.
 */
function hasToken(value: string, name: string): boolean {
  for (let at = value.indexOf(name); at >= 0; at = value.indexOf(name, at + 1)) {
    const end = at + name.length;
    if ((at === 0 || WHITESPACE.test(value[at - 1]!)) && (end === value.length || WHITESPACE.test(value[end]!))) return true;
  }
  return false;
}

const WHITESPACE = /\s/;

function matchesChain(element: Element, steps: readonly Step[]): boolean {
  let current: Element | null = element;
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    if (!current || !isTag(current) || !matchesStep(current, steps[index]!)) return false;
    current = current.parent as Element | null;
  }
  return true;
}

/**
 * False when the chain certainly does not select exactly `members`: a member it misses or another
 * visible element it matches. Only rejects; css-select has the last word on the rest.
 */
export function mayBeExact(steps: readonly Step[], members: ReadonlySet<Element>, elements: readonly Element[], sameTag: { readonly tag: string; readonly elements: readonly Element[] }): boolean {
  for (const member of members) if (!matchesChain(member, steps)) return false;
  const last = steps.at(-1);
  // Every chain ends in the members' tag; only an id-only step needs all elements.
  const pool = last?.tag === undefined ? elements : last.tag === sameTag.tag ? sameTag.elements : elements.filter((element) => element.name === last.tag);
  for (const element of pool) if (!members.has(element) && matchesChain(element, steps)) return false;
  return true;
}

function isTag(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** `:nth-of-type(n)` when the element's parent holds others of its tag (a page's second `ul` of the body); '' otherwise. */
export function nthOfType(element: Element): string {
  const siblings = (element.parent as Element | null)?.children ?? [];
  let position = 0;
  let same = 0;
  for (const sibling of siblings) {
    if (sibling.type !== 'tag' || (sibling as Element).name !== element.name) continue;
    same += 1;
    if (sibling === element) position = same;
  }
  return same > 1 && position > 0 ? `:nth-of-type(${position})` : '';
}
