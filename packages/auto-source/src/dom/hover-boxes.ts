import type { AnyNode, Element } from 'domhandler';
import { attribute, isElement, walkElements } from '../util/dom.js';

/**
 * A box the page shows only while the pointer rests on the card (fifteenth session, issue #17): a
 * film poster's "hover" panel with its genre, cast and release day. A saved page keeps it in the
 * markup, but a reader of the list does not see it, and what it says describes the subject (a
 * film's release), not the entry: a date inside it is not the item's.
 *
 * Recognised by a class token that names the box itself — words joined by single hyphens or
 * underscores and ending in "hover" (`movie-item-hover`, `item_hover`), or camel case (`cardHover`)
 * — never a token that starts with "hover" (`hover-shadow`, `hover:underline`), a BEM modifier
 * (`block-link--hover`: the state of a visible element) or an effect of a visible element
 * (`link-hover`, `btn-hover`, `on-hover`), and never the item's own root. A popover is not one: the
 * class marks the visible element that opens it as often as the box (a board's `time popover`).
 * A box is skipped only when it repeats the card (`hoverBoxesIn`); option `hoverBoxes`, on unless
 * false, in `findItemDate` (item-date.ts).
 */
const HOVER_BOX = /^(?:[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*[-_]hover|[a-z][a-zA-Z0-9]*[a-z0-9]Hover)$/;

/**
 * "on-hover", "btn-hover", "link-hover", "img-hover": an effect or state of a visible element
 * (the link or picture under the pointer), not a box of its own.
 */
const HOVER_EFFECT = /(?:^|[-_])(?:on|is|has|no|js|btn|button|link|text|txt|bg|color|img|image|icon|effect|zoom|shadow|underline|opacity|scale|can|with|show|hide|animate|transition|active|focus)[-_]hover$/i;

/** Whether `element` is a box shown only on hover (see the module comment). */
export function isHoverBox(element: Element): boolean {
  const value = attribute(element, 'class');
  if (value === undefined || !/hover/i.test(value)) return false;
  return value.split(/\s+/).some((token) => HOVER_BOX.test(token) && !HOVER_EFFECT.test(token));
}

/**
 * The hover boxes below `root` that repeat the card: each holds a link to an address that a link of
 * `root` outside it also names (the poster's panel links the film the card's title links). A box
 * that is the only place of its links (a user's card beside a question, a `table-hover` table
 * holding the whole list) is content, not a repeat, and is left alone.
 */
export function hoverBoxesIn(root: Element): Element[] {
  const boxes: Element[] = [];
  walkElements(root, (element) => {
    if (!isHoverBox(element)) return true;
    if (repeatsCardLink(element, root)) boxes.push(element);
    return false;
  });
  return boxes;
}

/** Whether `box` is one of `hoverBoxesIn(root)` (asked while walking `root`). */
export function isRepeatingHoverBox(box: Element, root: Element): boolean {
  return isHoverBox(box) && repeatsCardLink(box, root);
}

function repeatsCardLink(box: Element, root: Element): boolean {
  const inside = new Set<string>();
  walkElements(box, (element) => {
    const href = element.name === 'a' ? attribute(element, 'href') : undefined;
    if (href !== undefined && href.length > 1 && !href.startsWith('#') && !href.startsWith('javascript:')) inside.add(href);
  });
  if (inside.size === 0) return false;
  let found = false;
  walkElements(root, (element) => {
    if (found || element === box) return false;
    if (element.name === 'a' && inside.has(attribute(element, 'href') ?? '')) found = true;
    return !found;
  });
  return found;
}

/** The text of `element` without the text of `boxes` below it, whitespace collapsed. */
export function textOutside(element: Element, boxes: readonly Element[]): string {
  const parts: string[] = [];
  const collect = (node: AnyNode): void => {
    if (node.type === 'text') parts.push((node as unknown as { data: string }).data);
    else if (isElement(node) && !boxes.includes(node) && !/^(?:script|style|template)$/.test(node.name)) for (const child of node.children) collect(child);
  };
  for (const child of element.children) collect(child);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
