import type { Element } from 'domhandler';
import { isElement, isHeadingName, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';

/**
 * The row or card around a member that is only its title: the largest ancestor (up to five levels)
 * that holds no other element like the member (same tag and class), so no other item's date.
 */
export function cardAround(member: Element): Element | undefined {
  const memberText = textOf(member, 400);
  let own = 0;
  walkElements(member, (element) => {
    if (element.name === 'a' || isHeadingName(element.name)) own += 1;
    return own < 3;
  }, 6);
  if (member.name !== 'a' && own > 2) return undefined;
  const className = member.attribs.class ?? '';
  let card: Element | undefined;
  let node = member.parent;
  for (let level = 0; level < 5 && node && isElement(node) && node.name !== 'body'; level += 1, node = node.parent) {
    let alike = 0;
    walkElements(node, (element) => {
      if (element.name === member.name && (element.attribs.class ?? '') === className) alike += 1;
      return alike < 2;
    }, 12);
    if (alike > 1) break;
    card = node;
  }
  return card && textOf(card, 2_000).length > memberText.length ? card : undefined;
}
