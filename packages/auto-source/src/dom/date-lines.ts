import type { Element } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { findItemDateText } from '../util/dates.js';
import type { ExtractedItem } from './item-fields.js';
import { partsOf } from './title-paths.js';

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

/** The first date of a date line (see `dateLine`), else undefined. */
function dateLineFirst(text: string): string | undefined {
  if (text.length > 80) return undefined;
  let rest = text;
  let first: string | undefined;
  let dates = 0;
  for (let found = findItemDateText(rest); found !== undefined && dates < 4; found = findItemDateText(rest)) {
    const at = rest.indexOf(found);
    if (at < 0) break;
    first ??= found;
    rest = `${rest.slice(0, at)} ${rest.slice(at + found.length)}`;
    dates += 1;
  }
  if (dates < 2) return undefined;
  const words = rest.replace(/\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?/gi, ' ').match(/\p{L}{2,}/gu) ?? [];
  return words.length <= 2 ? first : undefined;
}

/**
 * Dates the undated items of a list by their rows' date lines, where at least three rows and 60 %
 * of them write one at the same relative path of their own part of the page.
 */
export function datesFromDateLines(entries: readonly { item: ExtractedItem; draft: ItemDraft }[], regionOf: (member: Element) => Element): void {
  if (entries.length < 3 || entries.every(({ draft }) => draft.published_at !== undefined)) return;
  const lines = entries.map(({ item }) => {
    const found = new Map<string, string>();
    for (const part of partsOf(regionOf(item.member), true) ?? []) {
      const first = found.has(part.key) ? undefined : dateLineFirst(part.text);
      if (first !== undefined) found.set(part.key, first);
    }
    return found;
  });
  const counts = new Map<string, number>();
  for (const found of lines) for (const key of found.keys()) counts.set(key, (counts.get(key) ?? 0) + 1);
  const [key, rows] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (rows < 3 || rows < entries.length * 0.6) return;
  entries.forEach(({ draft }, index) => {
    const first = lines[index]!.get(key);
    if (draft.published_at === undefined && first !== undefined) draft.published_at = first;
  });
}
