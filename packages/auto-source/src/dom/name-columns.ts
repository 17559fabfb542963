import type { Element } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { isElement } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { describeAgain, type ExtractedItem } from './item-fields.js';
import { asRead, notAHeadline } from './title-text.js';

// Tenth session (issue #17): a table whose rows are the items but whose item link is not the row's
// name — a schedule linking each game's date or result ("Sat", "Fri, Nov 10, 2017", "W, 76 - 83")
// to its box score, a calendar whose only link per row is an icon ("Export to iCalendar"), a
// catalogue whose first link is the medium's icon ("Noten", "Monographie"). A person reads such a
// row by its name column: the column that says something different in every row and is not a
// date, a time, a number, a score, a counter ("Matchweek 7") or a label the rows repeat.

interface Row {
  readonly item: ExtractedItem;
  readonly draft: ItemDraft;
  readonly cells: readonly Element[];
}

/** At least this many rows, and this share of the list, must be table rows of one width. */
const MIN_ROWS = 3;

/**
 * Titles the rows of a table by their name column where the titles the list took are the table's
 * furniture: at least three rows and 60 % of the list are rows of one table shape, and their
 * titles are mostly not headlines (dates, times, scores, calls to action, a weekday), mostly
 * repeat (at most half of them distinct) or are mostly an icon's text (a link holding only an image). The name column is the leftmost column other than the
 * one the title came from whose texts read as headlines in 60 % of the rows, take at least one
 * distinct value per three rows (a season's opponents come back twice, a council's committees
 * more often), and are not a counter (the same words with a number that changes). Without such a
 * column the titles stay.
 */
export function titlesFromNameColumns(entries: readonly { item: ExtractedItem; draft: ItemDraft }[], dateOf: (text: string) => string | undefined): void {
  if (entries.length < MIN_ROWS) return;
  const rows = tableRows(entries);
  if (rows.length < MIN_ROWS || rows.length * 5 < entries.length * 3) return;
  const titles = rows.map((row) => (row.draft.title ?? '').trim());
  if (!furnitureTitles(titles) && !iconTitles(rows)) return;
  const width = rows[0]!.cells.length;
  const titleColumns = new Set<number>();
  for (const row of rows) {
    const column = titleColumn(row);
    if (column !== undefined) titleColumns.add(column);
  }
  for (let column = 0; column < width; column += 1) {
    if (titleColumns.has(column)) continue;
    const texts = rows.map((row) => textOf(row.cells[column]!, 201));
    if (!nameColumn(texts)) continue;
    const markers = column > 0 && markerColumn(rows.map((row) => textOf(row.cells[column - 1]!, 10))) ? column - 1 : undefined;
    rows.forEach((row, index) => {
      const text = texts[index]!;
      if (!readsAsName(text)) return;
      // The title given up was often the row's date ("Fri, Nov 10, 2017", or the date link behind
      // a weekday): an undated row keeps it as its date.
      if (row.draft.published_at === undefined) {
        const date = dateOf(row.draft.title ?? '') ?? (row.item.link ? dateOf(textOf(row.item.link, 80)) : undefined);
        if (date !== undefined) row.draft.published_at = date;
      }
      const marker = markers === undefined ? '' : textOf(row.cells[markers]!, 10);
      row.draft.title = `${marker === '' ? '' : `${marker} `}${asRead(text, [row.cells[column]])}`;
      describeAgain(row.item, row.draft);
    });
    return;
  }
}

/** The entries whose member is a table row or sits in one (up to four levels), of the most common width. */
function tableRows(entries: readonly { item: ExtractedItem; draft: ItemDraft }[]): Row[] {
  const found: Row[] = [];
  const seen = new Set<Element>();
  for (const { item, draft } of entries) {
    const row = rowOf(item.member);
    if (!row || seen.has(row)) continue;
    seen.add(row);
    const cells = row.children.filter((child): child is Element => isElement(child) && (child.name === 'td' || child.name === 'th'));
    if (cells.length >= 2) found.push({ item, draft, cells });
  }
  const widths = new Map<number, number>();
  for (const row of found) widths.set(row.cells.length, (widths.get(row.cells.length) ?? 0) + 1);
  let width = 0;
  let most = 0;
  for (const [cells, count] of widths) if (count > most) [width, most] = [cells, count];
  return found.filter((row) => row.cells.length === width);
}

function rowOf(member: Element): Element | undefined {
  let node: Element = member;
  for (let level = 0; level < 5; level += 1) {
    if (node.name === 'tr') return node;
    if (!node.parent || !isElement(node.parent)) return undefined;
    node = node.parent;
  }
  return undefined;
}

/** The titles are the table's furniture: 60 % of them not headlines, or at most half of them distinct. */
function furnitureTitles(titles: readonly string[]): boolean {
  const furniture = titles.filter((title) => !readsAsName(title)).length;
  if (furniture * 5 >= titles.length * 3) return true;
  return new Set(titles.map((title) => title.toLowerCase())).size * 2 <= titles.length;
}

/**
 * Most rows are titled by an image's text alone: their link holds no text but an icon whose `alt`
 * gave the title (a medium's icon, "Export to iCalendar").
 */
function iconTitles(rows: readonly Row[]): boolean {
  const icons = rows.filter((row) => row.item.link !== undefined && textOf(row.item.link, 40) === '' && (row.draft.title ?? '') !== '').length;
  return icons * 5 >= rows.length * 3;
}

/** The cell the item's title came from: the one holding its link, else the one whose text is the title. */
function titleColumn(row: Row): number | undefined {
  const { link } = row.item;
  const title = (row.draft.title ?? '').trim();
  for (let index = 0; index < row.cells.length; index += 1) {
    const cell = row.cells[index]!;
    if (link && contains(cell, link)) return index;
  }
  const byText = row.cells.findIndex((cell) => textOf(cell, 201) === title);
  return byText >= 0 ? byText : undefined;
}

function contains(root: Element, inner: Element): boolean {
  for (let node: Element | null = inner; node; node = node.parent && isElement(node.parent) ? node.parent : null) if (node === root) return true;
  return false;
}

/**
 * A name column: its texts read as names in 60 % of the rows, one in three of those is distinct, and they
 * are not a counter ("Matchweek 1", "Matchweek 2": the same words once the numbers are left out).
 */
function nameColumn(texts: readonly string[]): boolean {
  const names = texts.filter(readsAsName);
  if (names.length < MIN_ROWS || names.length * 5 < texts.length * 3) return false;
  const distinct = new Set(names.map((name) => name.toLowerCase())).size;
  if (distinct * 3 < names.length) return false;
  // A counter: leaving the numbers out folds the distinct texts into a few ("Matchweek").
  const words = new Set(names.map((name) => name.replace(/[\d\s().,#:/-]+/g, ' ').trim().toLowerCase()));
  return words.size * 2 > distinct;
}

/**
 * A column of one- or two-character marks without digits before the name column, in some rows
 * only: where a game is played ("@" away, "N" neutral), read with the name ("@ Purdue").
 */
function markerColumn(texts: readonly string[]): boolean {
  const marked = texts.filter((text) => text !== '');
  return marked.length > 0 && marked.length < texts.length && marked.every((text) => text.length <= 2 && !/\d/.test(text));
}

/**
 * A text that can name a row: 3 to 200 characters with a word of two letters, not a date, a time
 * of day, a call to action, a count or a rating (`notAHeadline`), not a score ("W, 76 - 83" has no
 * word of two letters).
 */
function readsAsName(text: string): boolean {
  if (text.length < 3 || text.length > 200 || !/\p{L}{2}/u.test(text) || notAHeadline(text)) return false;
  if (WEEKDAY.test(text) || /^\d{1,2}\s*[:.h]\s*\d{2}(?!\d)/i.test(text)) return false;
  // A date led by its weekday ("Fri, Nov 10, 2017"): the weekday keeps the date under the share
  // `notAHeadline` asks of a date.
  const rest = text.replace(WEEKDAY_LEAD, '');
  return rest === text || !notAHeadline(rest);
}

/** A weekday alone, as a schedule's day column writes it ("Sat", "Tue.", "Sunday"). */
const WEEKDAY = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|nesday|rsday|urday|sday)?\.?$/i;
const WEEKDAY_LEAD = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|nesday|rsday|urday|sday)?\.?,?\s+/i;
