import type { Document, Element } from 'domhandler';
import { compileSelector } from '@pagefeed/core';
import type { Candidate } from '@pagefeed/core';
import { attribute } from '../util/dom.js';
import { mostCommon } from '../util/most-common.js';
import type { Group } from './collect.js';
import { signature, stableClasses } from './signature.js';
import { hasImage, type ExtractedItem } from './item-fields.js';
import { cssOf, mayBeExact, type Step } from './css-chain.js';

type Selectors = NonNullable<Candidate['selectors']>;

/** CSS identifier escaping (what `CSS.escape` does for the characters class names use). */
export function cssEscape(value: string): string {
  return value.replace(/^(\d)/, '\\3$1 ').replace(/[^\w-]/g, (character) => `\\${character}`);
}

function simpleStep(element: Element): Step {
  const classes = stableClasses(element);
  return { css: element.name + classes.map((name) => `.${cssEscape(name)}`).join(''), tag: element.name, classes };
}

function anchorStep(element: Element): Step | undefined {
  const id = attribute(element, 'id');
  if (id && !/\d{3,}/.test(id) && /^[a-z][\w-]*$/i.test(id)) return { css: `#${cssEscape(id)}`, id, classes: [] };
  if (element.name === 'body' || element.name === 'html') return { css: element.name, tag: element.name, classes: [] };
  return undefined;
}

/** The full child-combinator chain from an id'd ancestor (or `body`) down to `element`. */
export function chainTo(element: Element): Step[] {
  const chain: Step[] = [{ css: element.name, tag: element.name, classes: [] }];
  let current = element.parent as Element | null;
  while (current && current.type === 'tag') {
    const anchor = anchorStep(current);
    if (anchor) {
      chain.unshift(anchor);
      break;
    }
    chain.unshift(simpleStep(current));
    current = current.parent as Element | null;
  }
  return chain;
}


/**
 * Selections css-select made on a page, by selector: the winner's items selector is checked here
 * and then selected again by the single-article check. Kept on the document (not in a weak map
 * keyed by it: see `scanPage` in `util/dom.ts`).
 */
const SELECTIONS = Symbol('pagefeed.autoSource.selections');
type SelectedDocument = Document & { [SELECTIONS]?: Map<string, Element[]> };

/** `compileSelector(selector).selectAll(root)`, remembered per page; [] for an invalid selector. */
export function selectOnPage(root: Document, selector: string): Element[] {
  let remembered = (root as SelectedDocument)[SELECTIONS];
  if (!remembered) {
    remembered = new Map();
    (root as SelectedDocument)[SELECTIONS] = remembered;
  }
  let found = remembered.get(selector);
  if (found === undefined) {
    try {
      found = compileSelector(selector).selectAll(root);
    } catch {
      found = [];
    }
    remembered.set(selector, found);
  }
  return [...found];
}

function selectsExactly(root: Document, steps: readonly Step[], members: readonly Element[]): boolean {
  const found = selectOnPage(root, cssOf(steps));
  if (found.length !== members.length) return false;
  const set = new Set(found);
  return members.every((member) => set.has(member));
}

/**
 * The shortest items selector that selects exactly `members`: the group's own selector when it is
 * exact, else the shortest exact tail of the full path, else (ads or nested matches in the way)
 * the group's own selector. `elements` (the page's elements outside skipped subtrees) lets most
 * tails be rejected without running css-select over the document.
 */
export function exactItemsSelector(root: Document, group: Group, members: readonly Element[], elements?: readonly Element[], own = itemsSelector(group)): string {
  const first = members[0];
  if (!first) return own;
  const memberSet = new Set(members);
  const sameTag = elements === undefined ? undefined : { tag: first.name, elements: elements.filter((element) => element.name === first.name) };
  const exact = (steps: readonly Step[]): boolean => (elements === undefined || sameTag === undefined || mayBeExact(steps, memberSet, elements, sameTag)) && selectsExactly(root, steps, members);
  const ownChain = ownSteps(group);
  if (group.kind !== 'path' && ownChain && exact(ownChain)) return own;
  const chain = chainTo(first);
  for (let length = 1; length < chain.length; length += 1) {
    const tail = chain.slice(-length);
    if (exact(tail)) return cssOf(tail);
  }
  if (exact(chain)) return cssOf(chain);
  return own;
}

/** The group's own selector as steps: readable where the group allows it. */
function ownSteps(group: Group): Step[] | undefined {
  const first = group.members[0];
  if (!first) return undefined;
  if (group.kind === 'semantic') return [{ css: 'article', tag: 'article', classes: [] }];
  if (group.kind === 'class') return [simpleStep(first)];
  const parent = first.parent as Element | null;
  if (group.kind === 'parent' && parent) return [anchorStep(parent) ?? simpleStep(parent), { css: first.name, tag: first.name, classes: [] }];
  return chainTo(first);
}

/** A selector for the group's items, readable where the group allows it. */
export function itemsSelector(group: Group): string {
  const steps = ownSteps(group);
  return steps ? cssOf(steps) : '*';
}

/** `li.post-item` → `li.post-item` with each class escaped for CSS; cached per signature. */
const escapedSignatures = new Map<string, string>();
function escapedSignature(element: Element): string {
  const plain = signature(element);
  let escaped = escapedSignatures.get(plain);
  if (escaped === undefined) {
    escaped = plain.split('.').map((part, index) => (index === 0 ? part : cssEscape(part))).join('.');
    if (escapedSignatures.size >= 20_000) escapedSignatures.clear();
    escapedSignatures.set(plain, escaped);
  }
  return escaped;
}

/** Path from `member` (exclusive) down to `target`, as a child-combinator selector. */
function relativePath(member: Element, target: Element): string | undefined {
  if (member === target) return '';
  // Steps from the target up, joined from the top (what `unshift` and `join(' > ')` give).
  let path = '';
  let steps = 0;
  let current: Element | null = target;
  while (current && current !== member && steps < 12) {
    path = steps === 0 ? escapedSignature(current) : `${escapedSignature(current)} > ${path}`;
    steps += 1;
    current = current.parent as Element | null;
  }
  return current === member ? path : undefined;
}

/** Selectors that reproduce the candidate with the manual `selectors` configuration. */
export function selectorsFor(group: Group, items: readonly ExtractedItem[], itemsOverride?: string): Selectors {
  const linkPaths: string[] = [];
  for (const item of items) {
    if (!item.link) continue;
    const path = relativePath(item.member, item.link);
    if (path !== undefined) linkPaths.push(path);
  }
  const linkPath = mostCommon(linkPaths);
  const parts: Selectors['parts'] = {};
  if (linkPath !== undefined) {
    parts['title'] = linkPath ? { selector: linkPath, extractor: 'text' } : { extractor: 'text' };
    parts['url'] = linkPath ? { selector: linkPath, extractor: 'href' } : { extractor: 'href' };
  } else {
    parts['title'] = { extractor: 'text' };
  }
  if (items.some((item) => item.published)) parts['published_at'] = { selector: 'time', extractor: 'attribute', attribute: 'datetime' };
  if (items.some(hasImage)) parts['image'] = { selector: 'img', extractor: 'attribute', attribute: 'src' };
  return { items: itemsOverride ?? itemsSelector(group), parts };
}
