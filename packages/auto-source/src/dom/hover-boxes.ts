import type { AnyNode, Element } from 'domhandler';
import { attribute, isElement, walkElements } from '../util/dom.js';

/**
 * A box the page shows only while the pointer rests on the card (fifteenth session, issue #17): a
 * film poster's "hover" panel with its genre, cast and release day, a product card's popover. A
 * saved page keeps it in the markup, but a reader of the list does not see it, and what it says
 * describes the subject (a film's release), not the entry: a date inside it is not the item's.
 *
 * Recognised by a class token that names the box itself — one ending in "hover" after a word
 * (`movie-item-hover`, `cardHover`, `item_hover`) or a popover/hovercard — never a token that
 * starts with "hover" (`hover-shadow`, `hover:underline`: an effect on a visible element) and
 * never the item's own root (a whole card may carry such a class).
 */
const HOVER_BOX = /^(?:[a-zA-Z][\w-]*?(?:[-_][hH]over|[a-z]Hover)|(?:[\w-]+[-_])?(?:[pP]opover|[hH]overcard|[hH]over[-_]?[cC]ard)(?:[-_](?:body|content|inner|panel|box))?)$/;

/**
 * "on-hover", "btn-hover", "link-hover", "img-hover": an effect or state of a visible element
 * (the link or picture under the pointer), not a box of its own.
 */
const HOVER_EFFECT = /^(?:on|is|has|no|js|btn|button|link|text|txt|bg|color|img|image|icon|effect|zoom|shadow|underline|opacity|scale|can|with|show|hide|animate|transition)[-_]hover$/i;

/** Whether `element` is a box shown only on hover or as a popover (see the module comment). */
export function isHoverBox(element: Element): boolean {
  const value = attribute(element, 'class');
  if (value === undefined || !/hover|popover/i.test(value)) return false;
  return value.split(/\s+/).some((token) => HOVER_BOX.test(token) && !HOVER_EFFECT.test(token));
}

/** Whether a hover box stands below `element` (not `element` itself). */
export function holdsHoverBox(element: Element): boolean {
  let found = false;
  walkElements(element, (child) => {
    if (found) return false;
    if (isHoverBox(child)) found = true;
    return !found;
  });
  return found;
}

/** The text of `element` without the text of the hover boxes below it, whitespace collapsed. */
export function textOutsideHoverBoxes(element: Element): string {
  const parts: string[] = [];
  const collect = (node: AnyNode): void => {
    if (node.type === 'text') parts.push((node as unknown as { data: string }).data);
    else if (isElement(node) && !isHoverBox(node) && !/^(?:script|style|template)$/.test(node.name)) for (const child of node.children) collect(child);
  };
  for (const child of element.children) collect(child);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
