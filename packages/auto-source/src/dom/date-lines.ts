import type { Element } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { findItemDateText } from '../util/dates.js';
import type { ExtractedItem } from './item-fields.js';
import { partsOf } from './title-source-parts.js';

// Ninth session (issue #17): a row's date line ("Aug 11, 2022 — Posted Aug 8, 2022 4:53 PM").
// It is furniture for the title columns (title-paths.ts), and where the rows of a list write one
// in the same place, an item without a date is dated by its line's first date.

/**
 * A line of two or more dates and at most two other words ("Aug 11, 2022 — Posted Aug 8, 2022
 * 4:53 PM"): a meeting's or a post's date line, however long. One date beside words ("Board
 * Meeting June 5, 2022") is not one: it may be the headline.
 */
export function dateLine(text: string): boolean {
  return dateLineFirst(text) !== undefined;
}

/**
 * A date with its time and at most one other word ("Mon, Mar 14, 2022 11:29am -07:00", "Posted
 * 3 May 2021"): a permalink's stamp, never a headline.
 */
export function dateStamp(text: string): boolean {
  if (text.length > 60) return false;
  const rest = text.replace(TIME, ' ').replace(/[+-]\d{2}:?\d{2}\b/g, ' ');
  const found = findItemDateText(rest);
  if (found === undefined || !/\d/.test(found)) return false;
  return (rest.replace(found, ' ').match(/\p{L}{2,}/gu) ?? []).length <= 1;
}

/** A time of day ("09:45:11 AM", "11:29am"). */
const TIME = /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?/gi;

/** The first date of a date line (see `dateLine`), else undefined. */
function dateLineFirst(text: string): string | undefined {
  if (text.length > 80) return undefined;
  // Times of day first, so that "09:45:11 AM" is neither a date nor a part of one.
  let rest = text.replace(TIME, ' ');
  let first: string | undefined;
  let dates = 0;
  for (let found = findItemDateText(rest); found !== undefined && dates < 4; found = findItemDateText(rest)) {
    const at = rest.indexOf(found);
    if (at < 0) break;
    if (found.trim().length >= 5 && /\d/.test(found)) {
      // The reader's fragment may run past the date ("Aug 11, 2022 — Pos"): cut after the year.
      const year = /(?<!\d)(?:19|20)\d{2}(?!\d)/.exec(found);
      first ??= (year ? found.slice(0, year.index + 4) : found).trim();
      dates += 1;
    }
    rest = `${rest.slice(0, at)} ${rest.slice(at + found.length)}`;
  }
  if (dates < 2) return undefined;
  const words = rest.match(/\p{L}{2,}/gu) ?? [];
  return words.length <= 2 ? first : undefined;
}

/**
 * Dates the undated items of a list by their rows' date lines, where at least three undated rows
 * and 60 % of them write one at the same relative path of their own part of the page.
 */
export function datesFromDateLines(entries: readonly { item: ExtractedItem; draft: ItemDraft }[], regionOf: (member: Element) => Element): void {
  // Only the undated rows are read (most lists date every row: nothing to do, nothing spent).
  const undated = entries.filter(({ draft }) => draft.published_at === undefined);
  if (undated.length < 3) return;
  const linesOf = ({ item }: { item: ExtractedItem }): Map<string, string> => {
    const found = new Map<string, string>();
    for (const part of partsOf(regionOf(item.member), true) ?? []) {
      const first = found.has(part.key) ? undefined : dateLineFirst(part.text);
      if (first !== undefined) found.set(part.key, first);
    }
    return found;
  };
  // The first rows decide whether the list writes date lines at all (a flat run of 100,000 links
  // is not read row by row for nothing).
  const sample = undated.slice(0, SAMPLE).map(linesOf);
  if (commonKey(sample, Math.min(undated.length, SAMPLE)) === undefined) return;
  // The sample's rows are not read again.
  const lines = undated.length <= SAMPLE ? sample : sample.concat(undated.slice(SAMPLE).map(linesOf));
  const key = commonKey(lines, undated.length);
  if (key === undefined) return;
  undated.forEach(({ draft }, index) => {
    const first = lines[index]!.get(key);
    if (first !== undefined) draft.published_at = first;
  });
}

/** Rows read first to decide whether a list writes date lines. */
const SAMPLE = 12;

/** The relative path of a date line in at least three of `rows` rows and 60 % of them. */
function commonKey(lines: readonly Map<string, string>[], rows: number): string | undefined {
  const counts = new Map<string, number>();
  for (const found of lines) for (const key of found.keys()) counts.set(key, (counts.get(key) ?? 0) + 1);
  const [key, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return count >= 3 && count >= rows * 0.6 ? key : undefined;
}
