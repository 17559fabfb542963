import type { Element } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { attribute, isElement, isHeadingName, walkElements } from '../util/dom.js';
import { findDateText } from '../util/dates.js';
import { textOf } from '../util/text.js';
import { describeAgain, type ExtractedItem } from './item-fields.js';
import { readsAsHeadline, unlinkedHeadline } from './list-titles.js';
import { asRead } from './title-text.js';

// Thirteenth session (issue #17): a title that most items of a list share is the list's label,
// not any item's name — a "Page du magasin" menu link beside each game's name, a programme's name
// heading every episode's card, a "Box Score" column, the same file name after each repository's
// name in a code search. The name is the text that tells the items apart: the title line the
// label sits in, a heading of the item, a link to the same address, else the row's other text.

/** Share of the list (and at least three items) that one title must hold to be a label. */
const SHARED_SHARE = 0.6;

const TITLE_CLASS = /(^|[-_\s])(title|headline|heading)([-_\s]|$)/i;

/**
 * Where one short title (up to three words and 30 characters) is held by at least three items and
 * three in five of the list, each item so titled takes its own name (see `nameBeside`), when the
 * names found tell the items apart (no one name for more than half of them) and most items find
 * one. A label the page sets as the item's heading (`<h4>` or a title-classed element holding it)
 * gives way only to another title element of the item or to the longer title line it is part of;
 * a label that is only a link's text also to a link to the same address or the row's other text.
 */
export function namesForSharedTitles(entries: readonly { item: ExtractedItem; draft: ItemDraft }[], regionOf: (member: Element) => Element): void {
  if (entries.length < 3) return;
  const keys = entries.map((entry) => sharedKey(entry.draft.title ?? ''));
  const counts = new Map<string, number>();
  for (const key of keys) if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  let label: string | undefined;
  let most = 0;
  for (const [key, count] of counts) if (count > most) [label, most] = [key, count];
  if (label === undefined || most < 3 || most < entries.length * SHARED_SHARE) return;
  const labels = new Set([...counts].filter(([, count]) => count >= 2).map(([key]) => key));
  const found = entries.map(({ item }, index) => (keys[index] === label ? nameBeside(item, regionOf(item.member), labels) : undefined));
  const names = found.filter((name): name is string => name !== undefined);
  if (names.length * 2 < most) return;
  const perName = new Map<string, number>();
  for (const name of names) perName.set(name, (perName.get(name) ?? 0) + 1);
  if (perName.size < 2 || Math.max(...perName.values()) * 2 > names.length) return;
  entries.forEach(({ item, draft }, index) => {
    const name = found[index];
    if (name === undefined) return;
    draft.title = name;
    describeAgain(item, draft);
  });
}

/** The key of a title short enough to be a label (up to three words and 30 characters), else undefined. */
function sharedKey(title: string): string | undefined {
  const key = title.replace(/\s+/g, ' ').trim().toLowerCase();
  return key.length > 0 && key.length <= 30 && key.split(' ').length <= 3 ? key : undefined;
}

/** The item's own name beside its shared label, else undefined (the label stays). */
function nameBeside(item: ExtractedItem, region: Element, labels: ReadonlySet<string>): string | undefined {
  const link = item.link;
  const holder = link ? titleHolder(link, region) : undefined;
  const line = holder ? firstLine(holder) : undefined;
  if (line !== undefined && !labels.has(line.toLowerCase()) && readsAsHeadline(line, labels) && link && line.includes(textOf(link, 100))) return line;
  const titled = titleElementName(region, labels);
  if (titled !== undefined || holder || item.titleFromHeading || !link) return titled;
  return sameAddressName(region, link, labels) ?? unlinkedHeadline(region, labels) ?? otherLinkName(region, link, labels);
}

/** The heading or title-classed element the link sits in, up to three levels above it, inside the region. */
function titleHolder(link: Element, region: Element): Element | undefined {
  let node: Element = link;
  for (let level = 0; level < 3 && node !== region; level += 1) {
    if (!node.parent || !isElement(node.parent)) return undefined;
    node = node.parent;
    if (isHeadingName(node.name) || TITLE_CLASS.test(attribute(node, 'class') ?? '')) return node;
  }
  return undefined;
}

/** Tags that end a line of a title element: a line break or a block. */
const LINE_END = /^(br|div|p|ul|ol|li|table|section|article|header|footer|h[1-6])$/;

/** The element's text up to its first line break or block: the title line above a "Last indexed …" line. */
function firstLine(holder: Element): string | undefined {
  let text = '';
  for (const child of holder.children) {
    if (isElement(child) && LINE_END.test(child.name)) break;
    text += ` ${textOf(child, 300)}`;
  }
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 0 ? asRead(line, [holder]) : undefined;
}

/** The first heading or title-classed element of the region whose text reads as a name and is none of the list's labels. */
function titleElementName(region: Element, labels: ReadonlySet<string>): string | undefined {
  let found: string | undefined;
  walkElements(region, (element) => {
    if (found !== undefined) return false;
    if (!isHeadingName(element.name) && !TITLE_CLASS.test(attribute(element, 'class') ?? '')) return true;
    const text = textOf(element, 201);
    if (readsAsHeadline(text, labels)) found = asRead(text, [element]);
    return false;
  }, 12);
  return found;
}

/** The text of another link of the region to the link's address (the name beside a menu's "store page" link). */
function sameAddressName(region: Element, link: Element, labels: ReadonlySet<string>): string | undefined {
  const href = attribute(link, 'href');
  return href ? firstLinkText(region, link, labels, (other) => attribute(other, 'href') === href) : undefined;
}

/** The text of the region's first other link that reads as a name (a table row's opponent beside its "Box Score" link). */
function otherLinkName(region: Element, link: Element, labels: ReadonlySet<string>): string | undefined {
  return firstLinkText(region, link, labels, () => true);
}

/** A date with one more word, its weekday ("Tue, Oct 25, 2016"): a date link, not a name. */
function dateWithWeekday(text: string): boolean {
  const date = findDateText(text);
  return date !== undefined && /^[\p{L}.]+$/u.test(text.replace(date, '').replace(/[\s,]+/g, ''));
}

function firstLinkText(region: Element, link: Element, labels: ReadonlySet<string>, accept: (other: Element) => boolean): string | undefined {
  let found: string | undefined;
  walkElements(region, (element) => {
    if (found !== undefined || element === link) return false;
    if (element.name !== 'a') return true;
    const text = textOf(element, 201);
    if (accept(element) && readsAsHeadline(text, labels) && !dateWithWeekday(text)) found = asRead(text, [element]);
    return false;
  }, 16);
  return found;
}
