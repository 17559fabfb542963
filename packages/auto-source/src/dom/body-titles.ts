import type { Element } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { isElement, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { dateLine, dateStamp } from './date-lines.js';
import { describeAgain, type ExtractedItem } from './item-fields.js';
import { asRead, notAHeadline } from './title-text.js';

// Ninth session (issue #17): posts without a title (notes, short posts, status updates) whose only
// link is their permalink — a date line ("Mon, Mar 14, 2022 11:29am"), "see full post", "#". A
// reader shows the post's text, so such an item is titled by its text, not by its link's label.

/** Tags whose text flows inside a line: a block holding only these (and text) is one text block. */
const INLINE = /^(a|abbr|b|bdi|cite|code|data|del|em|font|i|img|ins|kbd|mark|q|s|small|span|strong|sub|sup|time|u|wbr|br)$/;
/** Longer titles are cut here, as the ranking's titles are. */
const MAX_TITLE = 300;

/**
 * Items whose title is their permalink's label (a date, a date line or a call to action, the whole
 * text of their link) take the longest text block of their own part of the page (`regionOf`) that
 * reads as text: the post's body. List-wide: only where at least three items and half the list are
 * so titled, so one "Read more" beside real headlines is left to the item's own rules.
 */
export function titlesFromBodies(entries: readonly { item: ExtractedItem; draft: ItemDraft }[], regionOf: (member: Element) => Element): void {
  // A list of thousands of rows is no stream of posts (and its regions would cost a scan each).
  if (entries.length < 3 || entries.length > 2_000) return;
  const labelled = entries.filter(({ item, draft }) => permalinkLabel(item, draft.title ?? ''));
  if (labelled.length < 3 || labelled.length * 2 < entries.length) return;
  for (const { item, draft } of labelled) {
    const body = longestBlock(regionOf(item.member), item.link);
    if (body === undefined) continue;
    draft.title = body;
    describeAgain(item, draft);
  }
}

/** The title is the whole text of the item's link and says nothing a headline would. */
function permalinkLabel(item: ExtractedItem, title: string): boolean {
  if (!item.link || title === '') return false;
  const linkText = textOf(item.link, 400);
  return linkText.replace(/\s+/g, ' ').trim() === title.replace(/\s+/g, ' ').trim() && (notAHeadline(title) || dateLine(title) || dateStamp(title));
}

/** The region's longest block of flowing text (20 characters and more, letters, no label or date). */
export function longestBlock(region: Element, link: Element | undefined): string | undefined {
  let best: { text: string; element: Element } | undefined;
  walkElements(region, (element) => {
    if (element === link) return false;
    if (!isElement(element) || INLINE.test(element.name)) return true;
    if (element.children.some((child) => isElement(child) && !INLINE.test(child.name))) return true;
    const text = textOf(element, 2_000);
    if (text.length >= 20 && /\p{L}{2}/u.test(text) && !notAHeadline(text) && !dateLine(text) && (!best || text.length > best.text.length)) best = { text, element };
    return false;
  }, 16);
  if (!best) return undefined;
  const text = best.text.length > MAX_TITLE ? best.text.slice(0, MAX_TITLE) : best.text;
  return asRead(text, [best.element]);
}
