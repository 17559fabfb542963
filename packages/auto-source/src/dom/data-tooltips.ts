/**
 * A date written for people in a `data-*` attribute: the text of a tooltip that a script shows on
 * hover (`<span data-tippy-content="Friday, June 23, 2023 6:13 PM">18h</span>`,
 * `data-original-title="留言時間 2017-11-09 12:13:29"`, `data-tooltip="April 9, 2025 at 3:25 PM"`),
 * read as a `title` is (item-date.ts). Only a short value that is a date with its year and words
 * around it at most, never a machine value (those are `data-*` timestamps, read by name) and never
 * an attribute named for an end, an expiry or a change.
 */

import { writesYear } from '../util/dates.js';
import { wholeDate } from './group-dates.js';

/** Attribute names of dates that are not the item's own (an airing's end, an offer's expiry, an edit). */
const NOT_OWN = /(?:end|stop|until|expir|updat|modif|edit|deadline|availab|bis)/i;

export function dataTooltipDate(name: string, value: string): string | undefined {
  if (!name.startsWith('data-') || value.length > 80 || NOT_OWN.test(name)) return undefined;
  // Words or a label around the date: written for a reader, not a machine value.
  // A machine value may end in a zone's abbreviation ("2025-11-06 00:44:10 UTC"): still a machine value.
  if (!/\p{L}/u.test(value) || /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+)?\s?(?:Z|[+-]\d{2}:?\d{2}|[A-Z]{2,5})?$/.test(value)) return undefined;
  return writesYear(value) && wholeDate(value) ? value : undefined;
}

/** The name of a `data-*` attribute that holds a machine date (`data-timestamp`, `data-published`, `data-utime`). */
const DATA_DATE = /^data-(?:[\w-]*-)?(?:epoch|timestamp|time|date|datetime|published|utime|created|updated|dt|ts)$/;

/**
 * `DATA_DATE.test(name)`, asked of every attribute of every element of a card (item-date.ts): a name
 * that does not start with "data-" (most of them: class, href, id) cannot match, and is not run
 * through the pattern.
 */
export function isDataDate(name: string): boolean {
  return name.startsWith('data-') && DATA_DATE.test(name);
}
