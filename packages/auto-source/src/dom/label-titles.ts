import type { ItemDraft } from '@pagefeed/core';
import type { Element } from 'domhandler';
import { attribute, isElement, walkElements } from '../util/dom.js';
import { collapse, textOf } from '../util/text.js';
import { describeAgain, type ExtractedItem } from './item-fields.js';
import { notAHeadline } from './title-text.js';

// Eleventh session (issue #17): the page's own name for an item settles which part of a title made
// of several parts is the headline. Shop, property and news cards often name their item a second
// time for assistive technology or as a tooltip — the link's `title` or `aria-label`, a label on
// the card — while the visible text runs the name together with a badge, a
// kicker, a rating, a price or a second line. A person reads the part both agree on as the name.

/** How far above the link a card's label may sit and still name the item. */
const LABEL_LEVELS = 6;

/**
 * Where at least three items and three in five of the list have a title that holds, as a whole
 * run of words, the name one of their labels gives (the label itself, or the leading text of one
 * of the item's own elements that the label opens with, as in `aria-label="Name, rated 5 of 5,
 * $40"`), each item whose title is longer than that name takes the name. Titles equal to their
 * label count as agreeing. List-wide on purpose: one link's `title` inside one title ("Sport" in
 * "Sport results …") says nothing; a list whose every item names its headline this way does.
 */
export function titlesFromLabels(entries: readonly { item: ExtractedItem; draft: ItemDraft }[]): void {
  if (entries.length < 3) return;
  const nameOf = ({ item, draft }: { item: ExtractedItem; draft: ItemDraft }): string | undefined => labelledName(item, draft.title ?? '');
  // The first rows decide whether the list names its items so: most lists have no labels, and a
  // list of 100,000 bare links is not read item by item for nothing.
  const sample = entries.slice(0, SAMPLE).map(nameOf);
  if (!agree(sample, sample.length)) return;
  const names = [...sample, ...entries.slice(SAMPLE).map(nameOf)];
  if (!agree(names, entries.length)) return;
  entries.forEach(({ item, draft }, index) => {
    const name = names[index];
    if (name === undefined || name === collapse(draft.title ?? '')) return;
    draft.title = name;
    // The summary is made again without the name: the rest of the card (its price, its teaser).
    describeAgain(item, draft);
  });
}

/** The rows read first to decide whether a list names its items by their labels. */
const SAMPLE = 12;

/** At least three names and three in five of the rows. */
function agree(names: readonly (string | undefined)[], rows: number): boolean {
  const agreeing = names.filter((name) => name !== undefined).length;
  return agreeing >= 3 && agreeing * 5 >= rows * 3;
}

/**
 * The name a label of the item gives that the title holds as a whole run of words and that the page
 * sets apart as a part of its own (the whole text of an element of the item, or the text an element
 * opens with), else undefined. The name is returned as the title writes it.
 */
export function labelledName(item: ExtractedItem, title: string): string | undefined {
  const shown = collapse(title);
  if (shown.length < 3) return undefined;
  const folded = fold(shown);
  const labels = labelsOf(item);
  if (labels.length === 0) return undefined;
  if (labels.includes(folded)) return shown;
  const parts = partsOf(item.member);
  let best: { at: number; length: number } | undefined;
  const consider = (name: string): void => {
    const at = wordsAt(folded, name);
    if (at >= 0 && readsAsName(name, folded) && (best === undefined || name.length > best.length)) best = { at, length: name.length };
  };
  for (const label of labels) {
    if (parts.has(label)) consider(label);
    // The part the label opens with, up to a separator (`aria-label="Wireless controller, white,
    // rated 5 of 5, $40"` over `<span>Wireless controller, white</span>`; `title="Album, by Artist"`
    // over `<p>Album<br>…</p>`): a third of the label at least, so a brand's word opening a
    // product's label is not taken for its name.
    for (const part of parts) {
      if (part.length < label.length && part.length * 3 >= label.length && label.startsWith(part) && /^[\s,;:|(–—-]/u.test(label.slice(part.length))) consider(part);
    }
  }
  return best === undefined ? undefined : shown.slice(best.at, best.at + best.length);
}

/**
 * The texts the item sets apart: each element's whole text and each run of its own text between
 * its child elements (`<p>Album<br><span>Artist</span></p>`, `<span><span>Badge</span>Name</span>`), folded.
 */
function partsOf(member: Element): Set<string> {
  const parts = new Set<string>();
  walkElements(member, (element) => {
    const whole = textOf(element, 401);
    if (whole.length <= 400) parts.add(fold(collapse(whole)));
    let run = '';
    for (const child of element.children) {
      if (child.type === 'text') run += (child as unknown as { data: string }).data;
      else if (isElement(child)) {
        parts.add(fold(collapse(run)));
        run = '';
      }
    }
    parts.add(fold(collapse(run)));
    return true;
  }, 12);
  parts.delete('');
  return parts;
}

/**
 * The item's labels: the link's and its holders' `title`/`aria-label` up to the member. Twelfth
 * session: a picture's `alt` is no label of the item any more. It names the picture, often by a
 * shortened name — the product without its brand, a car's make and model without the version line
 * the card shows below it — and taking it cut words the headline shows (a held-out shop search lost
 * its brands; BENCHMARKS.md §9, "Twelfth session: item titles").
 */
function labelsOf(item: ExtractedItem): string[] {
  const labels: string[] = [];
  const add = (value: string | undefined): void => {
    const text = value === undefined ? '' : fold(collapse(value));
    if (text.length >= 3 && !labels.includes(text)) labels.push(text);
  };
  const { member, link } = item;
  let node: Element | undefined = link ?? member;
  for (let level = 0; node && level <= LABEL_LEVELS; level += 1) {
    add(attribute(node, 'title'));
    add(attribute(node, 'aria-label'));
    if (node === member) break;
    node = node.parent && isElement(node.parent) ? node.parent : undefined;
  }
  return labels;
}

/** Where `part` stands in `text` as a whole run of words (not inside a word), else -1. */
function wordsAt(text: string, part: string): number {
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text.slice(at + part.length, at + part.length + 1);
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return at;
  }
  return -1;
}

/** Curly quotes and apostrophes as straight ones, one character for one: a label and a text may differ only so. */
function fold(text: string): string {
  return text.replace(/[‘’‚′]/g, "'").replace(/[“”„″]/g, '"');
}

/**
 * A name, not a label: letters, no call to action, date or rating, and two words at least unless
 * it is most of the title (one word such as a brand or a section inside a longer title is no name).
 */
function readsAsName(name: string, title: string): boolean {
  if (name.length < 3 || !/\p{L}/u.test(name) || notAHeadline(name)) return false;
  return name.split(' ').length >= 2 || name.length * 2 >= title.length;
}

