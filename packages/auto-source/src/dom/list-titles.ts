import type { Element } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { attribute, isElement, isHeadingName, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import type { ExtractedItem } from './item-fields.js';
import { asRead, notAHeadline } from './title-text.js';
import { isPeriodTitle } from './period-titles.js';
import { namesPlace } from './class-names.js';
import { withoutTrailingScores } from './title-scores.js';

/** Microdata properties of an item's place (`itemprop="location"`, `address`). */
const PLACE_PROPERTY = /^(location|address)$/;

/**
 * A title that most items of the list share is a label, not a headline: a meetings table whose
 * only link in each row says "Agenda", court sessions titled "oral argument", "Public Comment"
 * beside "Agenda". Where titles repeat in at least three items and two in five of the list, each
 * item with a repeated short title takes the first unlinked text of its own part of the page that
 * reads as a headline (the meeting's name, the case's parties), skipping dates, identifiers
 * ("14-1560"), durations and texts that are themselves labels of the list. An item whose part of
 * the page has no such text keeps its title.
 *
 * List-wide on purpose: one item titled "Agenda" may be a document of that name; a list of them is
 * a column of document links beside the items' names. Returns whether titles changed.
 */
export function relabelRepeatedTitles(entries: readonly { item: ExtractedItem; draft: ItemDraft }[]): boolean {
  if (entries.length < 3) return false;
  const counts = new Map<string, number>();
  const keys = entries.map((entry) => labelKey(entry.draft.title ?? ''));
  for (const key of keys) if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  const repeated = entries.filter((_, index) => (counts.get(keys[index] ?? '') ?? 0) >= 2);
  if (repeated.length < 3 || repeated.length * 5 < entries.length * 2) return false;
  const labels = new Set([...counts].filter(([, count]) => count >= 2).map(([key]) => key));
  const members = new Set(entries.map((entry) => entry.item.member));
  const found = repeated.map(({ item, draft }) => (linkLabel(item, draft.title ?? '') ? nameInRegion(item.member, members, labels) : undefined));
  // A label every item would swap for one same text (each row's room, "City Council Meeting") is
  // no better than the label: only names that tell at least two items apart are taken.
  if (new Set(found.filter((name) => name !== undefined)).size < 2) return false;
  repeated.forEach(({ draft }, index) => {
    const name = found[index];
    if (name !== undefined) draft.title = name;
  });
  return true;
}

function nameInRegion(member: Element, members: ReadonlySet<Element>, labels: ReadonlySet<string>): string | undefined {
  const region = ownRegion(member, members);
  // Several document links of one table row taken as items ("Agenda", "Minutes", "Video"): the
  // row names them all.
  const row = region.name === 'tr' ? undefined : rowAround(region);
  return unlinkedHeadline(region, labels) ?? (row ? unlinkedHeadline(row, labels) : undefined);
}

/**
 * The title is the text of the item's link and nothing marks it as the page's headline for the
 * item (a heading's link, a link inside a title-classed element, a heading of the card).
 */
function linkLabel(item: ExtractedItem, title: string): boolean {
  if (!item.link || item.headingLink || item.titleFromHeading) return false;
  if (textOf(item.link, 100).toLowerCase() !== title.toLowerCase()) return false;
  let node: Element | undefined = item.link;
  for (let level = 0; node && level < 4; level += 1) {
    if (isHeadingName(node.name) || TITLE_CLASS.test(attribute(node, 'class') ?? '')) return false;
    node = node.parent && isElement(node.parent) ? node.parent : undefined;
  }
  return true;
}

const TITLE_CLASS = /(^|[-_\s])(title|headline|heading)([-_\s]|$)/i;

/** The key of a title short enough to be a label (up to three words and 30 characters), else undefined. */
function labelKey(title: string): string | undefined {
  const key = title.replace(/\s+/g, ' ').trim().toLowerCase();
  return key.length > 0 && key.length <= 30 && key.split(' ').length <= 3 ? key : undefined;
}

/** The largest ancestor of the member (the member at least) that holds no other member of the list. */
export function ownRegion(member: Element, members: ReadonlySet<Element>): Element {
  let region = member;
  for (let parent = member.parent; parent && isElement(parent); parent = parent.parent) {
    if (holdsOther(parent, region, members)) break;
    region = parent;
  }
  return region;
}

/** The table row a cell's content sits in, up to four levels above it. */
function rowAround(element: Element): Element | undefined {
  let node: Element = element;
  for (let level = 0; level < 4; level += 1) {
    if (!node.parent || !isElement(node.parent)) return undefined;
    node = node.parent;
    if (node.name === 'tr') return node;
  }
  return undefined;
}

function holdsOther(parent: Element, inside: Element, members: ReadonlySet<Element>): boolean {
  let found = false;
  walkElements(parent, (element) => {
    if (found || element === inside) return false;
    if (members.has(element)) found = true;
    return !found;
  }, 40);
  return found;
}

/** Tags that flow inside a line of text (and empty ones such as an icon): a block holding only these is one text. */
const LINE_TAGS = /^(abbr|b|bdi|br|cite|code|em|font|i|img|kw|mark|nobr|q|small|span|strong|sub|sup|svg|u|wbr)$/;

/**
 * The first block of text in `region`, outside every link, that reads as a headline: 3 to 200
 * characters with a word of two letters, not a date, a call to action, an identifier, a duration,
 * a web address, a "Label:" alone, nor one of the list's labels.
 */
export function unlinkedHeadline(region: Element, labels: ReadonlySet<string>): string | undefined {
  let found: string | undefined;
  walkElements(region, (element) => {
    if (found !== undefined || element.name === 'a' || element.name === 'button' || element.name === 'select') return false;
    // A card's place line (a venue, an address, a neighbourhood) is where the item is, not its name.
    if (namesPlace(attribute(element, 'class') ?? '') || PLACE_PROPERTY.test(attribute(element, 'itemprop') ?? '')) return false;
    if (LINE_TAGS.test(element.name) || element.children.some((child) => isElement(child) && !LINE_TAGS.test(child.name))) return true;
    if (holdsLink(element)) return false;
    const text = textOf(element, 201);
    if (readsAsHeadline(text, labels)) found = withoutTrailingScores(asRead(text, [element]), [element]);
    return false;
  }, 16);
  return found;
}

function holdsLink(element: Element): boolean {
  let found = false;
  walkElements(element, (inner) => {
    if (inner.name === 'a') found = true;
    return !found;
  }, 8);
  return found;
}

export function readsAsHeadline(text: string, labels: ReadonlySet<string>): boolean {
  if (text.length < 3 || text.length > 200 || !/\p{L}{2}/u.test(text) || notAHeadline(text)) return false;
  if (labels.has(text.toLowerCase()) || text.endsWith(':')) return false;
  // A month or year alone ("September", "2024") names a group of items, not one (fifteenth session).
  if (isPeriodTitle(text.toLowerCase())) return false;
  // An identifier ("14-1560", "No. 2019-0042"), a duration ("01h 46m", "1:02:33"), a web address.
  if (/^(?:no\.?\s*)?[\d\s./:#-]*\d[\d\s./:#-]*$/i.test(text) || /^\d+\s*[hms]\w*(?:\s+\d+\s*[hms]\w*)*$/i.test(text)) return false;
  return !/^\S+\.[a-z]{2,}(?:\/|\s|$)/i.test(text);
}
