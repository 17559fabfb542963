import type { ItemDraft } from '@pagefeed/core';
import type { AnyNode, Element } from 'domhandler';
import { isElement, walkElements } from '../util/dom.js';
import { findItemDateText } from '../util/dates.js';
import { textOf } from '../util/text.js';
import { notAHeadline } from './title-text.js';

// Seventh session (issue #17): which part of a card or a heading is the headline when the page
// marks it by position only, not by a title class. Structural evidence only: blocks of a card link,
// what stands after the item's link inside its heading, a separator left dangling at the end.

/** Tags whose text flows inside a line: a block made only of text and these is one text block. */
const INLINE = /^(a|abbr|b|bdi|cite|code|em|font|i|mark|nobr|q|small|span|strong|sub|sup|time|u|br|img|picture|source|wbr)$/;

/**
 * A time of day alone ("9:49", "11時00分", "9:46更新", "10h30"): the card's time line, never its
 * headline. At most two letters besides the digits (a unit or "updated" word), at most 12 characters.
 */
export function timeOfDayOnly(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 12 || !/^\d{1,2}\s*[:：時h]\s*\d{2}/u.test(trimmed)) return false;
  return (trimmed.match(/\p{L}/gu) ?? []).length <= 2;
}

/** The text blocks of `root` in document order: elements holding text and no block element. */
function textBlocks(root: Element): string[] {
  const blocks: string[] = [];
  walkElements(root, (element) => {
    if (element === root) return true;
    if (INLINE.test(element.name)) return false;
    if (element.children.some((child) => isElement(child) && !INLINE.test(child.name))) return true;
    const text = textOf(element, 301);
    if (text !== '') blocks.push(text);
    return false;
  }, 12);
  return blocks;
}

/**
 * The headline of a link that wraps a whole card with no title element (`<a><div
 * class="thumb">…</div><div class="item_ttl">Headline</div><div class="item_time">11時00分</div><div
 * class="source">Agency</div></a>`): the first block that reads as a headline — not a date or a
 * time of day, not a call to action, not a label of one or two words before a block twice as long. Only when every
 * other block is the card's furniture (a time, a date line, a short label without digits) and the
 * blocks hold all of the link's text: a card whose other parts say more (a notice's number and class
 * code, a teaser in inline markup) keeps its whole text, as does a link whose whole text is a date.
 */
export function cardHeadline(link: Element): string | undefined {
  const blocks = textBlocks(link);
  const whole = textOf(link, 2_000);
  if (blocks.length < 2 || notAHeadline(whole)) return undefined;
  const covered = blocks.reduce((total, text) => total + text.length + 1, -1);
  if (covered < whole.length * 0.9) return undefined;
  const readable = blocks.filter((text) => text.length >= 2 && /\p{L}/u.test(text) && !notAHeadline(text) && !timeOfDayOnly(text));
  const longest = Math.max(0, ...readable.map((text) => text.length));
  const headline = readable.find((text) => !shortLabel(text) || text.length >= longest * 0.5);
  if (headline === undefined) return undefined;
  return blocks.every((text) => text === headline || furniture(text, headline)) ? headline : undefined;
}

/**
 * One or two words under 20 characters without digits ("Local", "共同通信"): a label when a block of
 * the card is at least twice as long (a short headline in a script without spaces is one "word").
 */
function shortLabel(text: string): boolean {
  return text.length < 20 && !/\d/.test(text) && text.split(/\s+/).length <= 2;
}

/**
 * A card's block besides its headline: a time, a date or a line with one, a short label without
 * digits at most half the headline's length ("Artist" beside "Album" is a title of two parts).
 */
function furniture(text: string, headline: string): boolean {
  if (timeOfDayOnly(text) || notAHeadline(text)) return true;
  if (text.length <= 40 && findItemDateText(text) !== undefined) return true;
  return text.length <= 20 && !/\d/.test(text) && text.length * 2 <= headline.length;
}

/**
 * The heading holds the item's link first and, after it, only parts of the card set apart as
 * elements of their own — other links (categories, topics), a time, a short place or badge
 * (`<h3><a>Headline</a> <span class="kw"><a>Sport</a><span>9:49</span></span></h3>`, `<h3><a>Street,
 * 2 rooms, Kyiv</a> <span>Metro station</span></h3>`): the headline is the link's text. Bare text
 * after the link ("<a>Apple</a> unveils a phone") or anything before it keeps the heading's text.
 */
export function extrasAfterLink(heading: Element, link: Element): boolean {
  let extras = 0;
  let node: Element = link;
  while (node !== heading) {
    const parent = node.parent;
    if (!parent || !isElement(parent)) return false;
    const at = parent.children.indexOf(node);
    for (let index = 0; index < parent.children.length; index += 1) {
      if (index === at) continue;
      const child = parent.children[index]!;
      const text = textOf(child, 200);
      if (text === '') continue;
      if (index < at || !isElement(child) || !auxiliary(child)) return false;
      extras += 1;
    }
    node = parent;
  }
  return extras > 0;
}

/** An element after the headline link that is links, a time or date, or a label of at most two words. */
function auxiliary(element: Element): boolean {
  const rest = textOutsideLinks(element).replace(/\s+/g, ' ').trim();
  if (rest === '' || timeOfDayOnly(rest) || notAHeadline(rest)) return true;
  return rest.length <= 25 && rest.split(' ').length <= 2;
}

function textOutsideLinks(node: AnyNode): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (!isElement(node) || node.name === 'a' || node.name === 'script' || node.name === 'style') return '';
  return node.children.map(textOutsideLinks).join(' ');
}

/** A separator at the end of a title: " -", " |", " »", " ·", " /" after a space. */
const TRAILING_SEPARATOR = /\s+([-–—|»·/])$/u;

/**
 * A separator that ends most titles of the list ("Sofa - $100 -", "Desk -", …: a template that
 * writes a separator after every headline, then a place it sometimes leaves empty) is the
 * template's, not a part of the headlines: it is taken off every title that ends with it. List-wide
 * on purpose (at least three items and 60 % of them, the same separator): one title ending in "-"
 * or a closing "»" says nothing.
 */
export function dropSharedTrailingSeparators(drafts: readonly ItemDraft[]): void {
  if (drafts.length < 3) return;
  const counts = new Map<string, number>();
  for (const draft of drafts) {
    const separator = TRAILING_SEPARATOR.exec(draft.title ?? '')?.[1];
    if (separator) counts.set(separator, (counts.get(separator) ?? 0) + 1);
  }
  for (const [separator, count] of counts) {
    if (count < 3 || count < drafts.length * 0.6) continue;
    for (const draft of drafts) {
      const title = draft.title ?? '';
      const match = TRAILING_SEPARATOR.exec(title);
      if (match?.[1] !== separator) continue;
      const rest = title.slice(0, match.index).trim();
      if (rest.length >= 3) draft.title = rest;
    }
  }
}
