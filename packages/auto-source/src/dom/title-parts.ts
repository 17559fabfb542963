import type { Element } from 'domhandler';
import { attribute, isElement, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';

// Which part of a link or a heading is the headline: two shapes the title refinement asks about
// (see item-title.ts).

/** Elements that lay out a card: a link holding one of them wraps a whole card, not a headline. */
const CARD_BLOCKS = /^(article|div|figure|footer|h[1-6]|header|ol|p|section|table|ul)$/;

/**
 * A link that wraps a whole card (`<a class="row"><div><span class="title">Name</span></div><div
 * class="released">14 Oct, 2016</div><div class="price">$21.99</div></a>`): its text is the card's,
 * and the title element inside it is the headline, however short the card.
 */
export function wrapsCard(link: Element): boolean {
  let found = false;
  walkElements(link, (element) => {
    if (found || element === link) return !found;
    if (CARD_BLOCKS.test(element.name)) found = true;
    return !found;
  }, 4);
  return found;
}

/**
 * The heading says, before its link, only the text of classed elements of their own and nothing after it
 * (`<h3><span class="series">Mystery series</span> <a>Title</a></h3>`): a series, a category or a
 * section label set apart from the headline, which is the link's text. Bare text before the link
 * ("Apple unveils <a>iPhone</a>") is a part of the headline and keeps the heading's text.
 */
export function labelElementsBefore(heading: Element, link: Element): boolean {
  // The child of the heading that holds the link.
  let holder: Element = link;
  while (holder.parent !== heading) {
    if (!holder.parent || !isElement(holder.parent)) return false;
    holder = holder.parent;
  }
  const children = heading.children;
  const at = children.indexOf(holder);
  let labelled = false;
  for (let index = 0; index < children.length; index += 1) {
    if (index === at) continue;
    const child = children[index]!;
    const text = textOf(child, 120);
    if (text === '') continue;
    // A label set apart by styling of its own (a classed element); a bare `<span>Breaking</span>`
    // or "Part 2:" reads as a part of the headline.
    if (index > at || !isElement(child) || child.name === 'a' || text.length > 100 || !attribute(child, 'class')) return false;
    let linked = false;
    walkElements(child, (inner) => {
      if (inner.name === 'a') linked = true;
      return !linked;
    }, 6);
    if (linked) return false;
    labelled = true;
  }
  return labelled;
}
