import type { Element } from 'domhandler';
import { isElement, isHeadingName, someElement } from '../util/dom.js';
import { textOf } from '../util/text.js';

export interface CardOptions {
  /** A link to nowhere (`#`, `javascript:`) is no other item's link (see `cardAround`; off unless true). */
  readonly buttonLinks?: boolean;
  /** A date labelled as the entry's addition ("date added", "Posted on") is the item's over its card's other dates (see date-labels.ts; off unless true). */
  readonly addedDates?: boolean;
  /** A link member inside `<pre>` is dated by the date on its line (see `dateOnPreformattedLine`, preformatted-date.ts; off unless true). */
  readonly preformattedLines?: boolean;
  /** A box shown only on hover that repeats the card dates no item (see hover-boxes.ts; on unless false). */
  readonly hoverBoxes?: boolean;
}

/** A link that goes nowhere: a script's button. */
const NOWHERE = /^\s*(?:#\s*$|javascript:)/i;

/**
 * The row or card around a member that is only its title: the largest ancestor (up to five levels)
 * that holds no other element like the member (same tag and class), so no other item's date.
 */
export function cardAround(member: Element, options: CardOptions = {}): Element | undefined {
  const memberText = textOf(member, 400);
  if (member.name === 'td' || member.name === 'th') return rowAround(member, memberText);
  // Links to one address are one item's (a card's headline, snippet and picture all link to the
  // article): they count once. With `buttonLinks`, a link to nowhere (`href="#"`, `javascript:`)
  // is a button of the card (a vote, an ad toggle), not another item's link: it does not count
  // (thirteenth session; off unless true, it moves one repository).
  let own = 0;
  const hrefs = new Set<string>();
  const manyOwn = someElement(member, (element) => {
    if (isHeadingName(element.name)) own += 1;
    else if (element.name === 'a') {
      const href = element.attribs.href ?? '';
      if (href === '' || (!hrefs.has(href) && !(options.buttonLinks === true && NOWHERE.test(href)))) own += 1;
      hrefs.add(href);
    }
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

/**
 * The table row of a member that is one cell of it (a release table whose "more…" link cell sits
 * beside the version and date cells): the row is the item's card unless another cell of it is
 * like the member (same class, with a link too), as in a grid whose cells are the items.
 */
function rowAround(cell: Element, cellText: string): Element | undefined {
  const row = cell.parent;
  if (!row || !isElement(row) || row.name !== 'tr') return undefined;
  const className = cell.attribs.class ?? '';
  const cellLinks = someElement(cell, (element) => element.name === 'a', 6);
  for (const other of row.children) {
    if (other === cell || !isElement(other) || (other.name !== 'td' && other.name !== 'th')) continue;
    if ((other.attribs.class ?? '') === className && cellLinks && someElement(other, (element) => element.name === 'a', 6)) return undefined;
  }
  return textOf(row, 2_000).length > cellText.length ? row : undefined;
}
