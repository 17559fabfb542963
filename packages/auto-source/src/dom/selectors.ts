import type { Document, Element } from 'domhandler';
import { compileSelector } from '@pagefeed/core';
import type { Candidate } from '@pagefeed/core';
import { attribute } from '../util/dom.js';
import { mostCommon } from '../util/most-common.js';
import { signature, stableClasses, type Group } from './collect.js';
import type { ExtractedItem } from './item-fields.js';

type Selectors = NonNullable<Candidate['selectors']>;

/** CSS identifier escaping (what `CSS.escape` does for the characters class names use). */
export function cssEscape(value: string): string {
  return value.replace(/^(\d)/, '\\3$1 ').replace(/[^\w-]/g, (character) => `\\${character}`);
}

function simpleSelector(element: Element): string {
  const classes = stableClasses(element);
  return element.name + classes.map((name) => `.${cssEscape(name)}`).join('');
}

function anchorSelector(element: Element): string | undefined {
  const id = attribute(element, 'id');
  if (id && !/\d{3,}/.test(id) && /^[a-z][\w-]*$/i.test(id)) return `#${cssEscape(id)}`;
  if (element.name === 'body' || element.name === 'html') return element.name;
  return undefined;
}

/** The full child-combinator chain from an id'd ancestor (or `body`) down to `element`. */
function chainTo(element: Element): string[] {
  const chain: string[] = [element.name];
  let current = element.parent as Element | null;
  while (current && current.type === 'tag') {
    const anchor = anchorSelector(current);
    if (anchor) {
      chain.unshift(anchor);
      break;
    }
    chain.unshift(simpleSelector(current));
    current = current.parent as Element | null;
  }
  return chain;
}

function selectsExactly(root: Document, selector: string, members: readonly Element[]): boolean {
  try {
    const found = compileSelector(selector).selectAll(root);
    if (found.length !== members.length) return false;
    const set = new Set(found);
    return members.every((member) => set.has(member));
  } catch {
    return false;
  }
}

/**
 * The shortest items selector that selects exactly `members`: the group's own selector when it is
 * exact, else the shortest exact tail of the full path, else (ads or nested matches in the way)
 * the group's own selector.
 */
export function exactItemsSelector(root: Document, group: Group, members: readonly Element[]): string {
  const own = itemsSelector(group);
  const first = members[0];
  if (!first || (group.kind !== 'path' && selectsExactly(root, own, members))) return own;
  const chain = chainTo(first);
  for (let length = 1; length < chain.length; length += 1) {
    const tail = chain.slice(-length).join(' > ');
    if (selectsExactly(root, tail, members)) return tail;
  }
  return selectsExactly(root, chain.join(' > '), members) ? chain.join(' > ') : own;
}

/** A selector for the group's items, readable where the group allows it. */
export function itemsSelector(group: Group): string {
  const first = group.members[0];
  if (!first) return '*';
  if (group.kind === 'semantic') return 'article';
  if (group.kind === 'class') return simpleSelector(first);
  const parent = first.parent as Element | null;
  if (group.kind === 'parent' && parent) return `${anchorSelector(parent) ?? simpleSelector(parent)} > ${first.name}`;
  return chainTo(first).join(' > ');
}

/** Path from `member` (exclusive) down to `target`, as a child-combinator selector. */
function relativePath(member: Element, target: Element): string | undefined {
  if (member === target) return '';
  const steps: string[] = [];
  let current: Element | null = target;
  while (current && current !== member && steps.length < 12) {
    steps.unshift(signature(current).split('.').map((part, index) => (index === 0 ? part : cssEscape(part))).join('.'));
    current = current.parent as Element | null;
  }
  return current === member ? steps.join(' > ') : undefined;
}

/** Selectors that reproduce the candidate with the manual `selectors` configuration. */
export function selectorsFor(group: Group, items: readonly ExtractedItem[], itemsOverride?: string): Selectors {
  const linkPaths = items.flatMap((item) => (item.link ? [relativePath(item.member, item.link)] : [])).filter((path): path is string => path !== undefined);
  const linkPath = mostCommon(linkPaths);
  const parts: Selectors['parts'] = {};
  if (linkPath !== undefined) {
    parts['title'] = linkPath ? { selector: linkPath, extractor: 'text' } : { extractor: 'text' };
    parts['url'] = linkPath ? { selector: linkPath, extractor: 'href' } : { extractor: 'href' };
  } else {
    parts['title'] = { extractor: 'text' };
  }
  if (items.some((item) => item.draft.published_at)) parts['published_at'] = { selector: 'time', extractor: 'attribute', attribute: 'datetime' };
  if (items.some((item) => item.draft.image)) parts['image'] = { selector: 'img', extractor: 'attribute', attribute: 'src' };
  return { items: itemsOverride ?? itemsSelector(group), parts };
}
