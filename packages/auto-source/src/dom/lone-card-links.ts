import type { ItemDraft } from '@pagefeed/core';
import type { Element } from 'domhandler';
import { attribute, isElement, walkElements } from '../util/dom.js';
import type { ExtractedItem } from './item-fields.js';
import { ownRegion } from './list-titles.js';

/**
 * Share of the items that must find one link of their own (a card whose excerpt links elsewhere
 * too is left as it was), and share of those links that must be distinct.
 */
const MIN_FOUND = 0.75;
const MIN_DISTINCT = 0.9;
/** Fewest items for the list to say anything. */
const MIN_ITEMS = 3;
/** Following siblings of an item's region read as its card (an excerpt, a footer with its button). */
const MAX_SIBLINGS = 4;

/**
 * Items titled by an unlinked heading whose card's only link is its "read more" button (fifteenth
 * session, `loneCardLinks`): the list was read from the headings, which hold no link, so every item
 * fell back to the page's address, while each card — the heading's own region (`ownRegion`), or the
 * heading and the blocks after it up to the next item — holds one link to the page's own site, in
 * any language ("Les mer", "Read More", "Weiterlesen") or none (an image); links off the site (a
 * video call, a map) are not counted. When every item of the list lacks a link and
 * nearly every card holds exactly one target of its own, distinct per item and not the page, the
 * items take it: it is the only way a person reaches the item from the card.
 */
export function linksFromLoneCardLinks(entries: readonly { item: ExtractedItem; draft: ItemDraft }[]): void {
  if (entries.length < MIN_ITEMS || entries.some(({ item }) => item.url !== undefined)) return;
  const members = new Set(entries.map(({ item }) => item.member));
  const page = entries[0]!.item.urls.pageUrl.replace(/#.*$/, '');
  const urls = entries.map(({ item }) => {
    const targets = new Set<string>();
    for (const region of cardOf(item.member, members)) {
      walkElements(region, (element) => {
        if (element.name !== 'a') return true;
        const href = attribute(element, 'href');
        const url = href && !/^\s*(#|javascript:)/i.test(href) ? item.urls.resolve(href) : undefined;
        // A link off the site (a video call, a map, a source) is no way to the item's own page.
        if (url && item.urls.sameHost(url)) targets.add(url.replace(/#.*$/, ''));
        return false;
      }, 40);
    }
    const [only] = targets;
    return targets.size === 1 && only !== page ? only : undefined;
  });
  const linked = urls.filter((url): url is string => url !== undefined);
  if (linked.length < entries.length * MIN_FOUND || new Set(linked).size < linked.length * MIN_DISTINCT) return;
  entries.forEach(({ draft }, index) => {
    const url = urls[index];
    if (url !== undefined) draft.url = url;
  });
}

/** The item's region and, when its parent holds the other items too, its next siblings up to the next item. */
function cardOf(member: Element, members: ReadonlySet<Element>): Element[] {
  const region = ownRegion(member, members);
  const card = [region];
  let sibling = region.next;
  while (sibling && card.length <= MAX_SIBLINGS) {
    if (isElement(sibling)) {
      if (holdsMember(sibling, members)) break;
      card.push(sibling);
    }
    sibling = sibling.next;
  }
  return card;
}

function holdsMember(element: Element, members: ReadonlySet<Element>): boolean {
  if (members.has(element)) return true;
  let found = false;
  walkElements(element, (inner) => {
    if (found) return false;
    if (members.has(inner)) found = true;
    return !found;
  }, 40);
  return found;
}
