import type { Element } from 'domhandler';
import { isElement, isHeadingName, someElement } from '../util/dom.js';
import { textOf } from '../util/text.js';

/**
 * The row or card around a member that is only its title: the largest ancestor (up to five levels)
 * that holds no other element like the member (same tag and class), so no other item's date.
 */
export function cardAround(member: Element): Element | undefined {
  const memberText = textOf(member, 400);
  let own = 0;
  const manyOwn = someElement(member, (element) => {
    if (element.name === 'a' || isHeadingName(element.name)) own += 1;
    return own > 2;
  }, 6);
  if (member.name !== 'a' && manyOwn) return undefined;
  const className = member.attribs.class ?? '';
  let card: Element | undefined;
  let node = member.parent;
  for (let level = 0; level < 5 && node && isElement(node) && node.name !== 'body'; level += 1, node = node.parent) {
    let alike = 0;
    // Stops at the second element like the member (itself being one): linear in the page overall.
    const another = someElement(node, (element) => {
      if (element.name === member.name && (element.attribs.class ?? '') === className) alike += 1;
      return alike > 1;
    }, 12);
    if (another) break;
    card = node;
  }
  return card && textOf(card, 2_000).length > memberText.length ? card : undefined;
}
