import type { AnyNode, Document, Element } from 'domhandler';

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
  // Substring first: most elements fail it, and only those that pass are split into tokens.
  if (!step.classes.every((name) => value.includes(name))) return false;
  const tokens = value.split(/\s+/);
  return step.classes.every((name) => tokens.includes(name));
}

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

const PLAIN_TAG = /^[a-z][a-z0-9-]*$/;
/** A CSS identifier that needs no escape: written as is, css-what reads back the same name. */
const PLAIN_NAME = /^-?[_a-zA-Z][\w-]*$/;

/** Every step is a lower-case tag, id or class written without escapes. */
export function isPlain(steps: readonly Step[]): boolean {
  return steps.every((step) => (step.tag === undefined || PLAIN_TAG.test(step.tag)) && (step.id === undefined || PLAIN_NAME.test(step.id)) && step.classes.every((name) => PLAIN_NAME.test(name)));
}

function isTag(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/**
 * What css-select's `selectAll` returns for a plain chain on a document, without compiling and
 * running it: every element in document order (template contents left out, as css-select does
 * outside XML mode) whose tag, id, classes and parents match the steps.
 */
export function selectPlain(root: Document, steps: readonly Step[]): Element[] {
  const found: Element[] = [];
  const stack: Element[] = [];
  const pushElements = (nodes: readonly AnyNode[]): void => {
    for (let index = nodes.length - 1; index >= 0; index -= 1) {
      const node = nodes[index]!;
      if (isTag(node)) stack.push(node);
    }
  };
  pushElements(root.children);
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    if (matchesChain(element, steps)) found.push(element);
    if (element.name !== 'template') pushElements(element.children);
  }
  return found;
}
