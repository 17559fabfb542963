/**
 * Rows that show only a time of day ("06:35 Uhr", "6:00 AM", "11時00分") in a list of such rows — a
 * TV or radio day schedule, a wire's today list — take their day from where the page writes it in
 * markup rather than in the row's text. In order:
 *
 * 1. the row's own markup: a full date in the address of a link of the row
 *    (`…/scheda?tm=2023-11-25+00:10`, `…/2012/09/08/…`, a path segment `…/20251024/…`) or in a `data-*` attribute of an element of
 *    the row (`data-listdatetime="2022-10-04 06:00:00"`); a date whose time is the one shown wins, else
 *    the one day the row's markup names;
 * 2. the page's own address, when it names one day (`…/date/2022-05-11`, `?airtimeDate=2020-02-10`):
 *    the address it was fetched from and its `<base href>`; two different days there name none.
 *
 * Only list-wide: at least three rows (and half of the rows) show a time and no date, and their times
 * run in order (up or down, one turn past midnight allowed). Durations ("► 12:34") and scores do not
 * run in order; one stray time says nothing. The day is never the build's: without one of the two
 * sources the rows stay undated, as before.
 */

import type { ItemDraft } from '@pagefeed/core';
import type { Element } from 'domhandler';
import { walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';

/** "06:35", "6:00 AM", "4:27 a.m.", "11h30", "11時00分": an hour and minute, an optional meridiem. */
const TIME = /(?<![\d:.,])([01]?\d|2[0-3])\s*(?::|h(?=\d)|時)\s*([0-5]\d)(?!\d|:\d)\s*(?:分)?(?:\s*([ap])\.?\s?m\b\.?)?/giu;
/** A full date with dashes or slashes, year first, in an address or attribute value, with its time if any. */
const MARKUP_DATE = /(?<!\d)((?:19|20)\d{2})([-/])(0[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01])(?!\d)(?:(?:[T ]|\+|%20)([01]\d|2[0-3])(?::|%3A)([0-5]\d))?/giu;
/** `data-*` attributes that name when something ends, expires or changed: not the row's day. */
const NOT_START = /(?:end|stop|until|expir|updat|modif|deadline|available|bis)/i;

interface Entry {
  readonly item: { readonly member: Element; readonly url?: string | undefined };
  readonly draft: ItemDraft;
}

interface Shown {
  readonly entry: Entry;
  /** Minutes after midnight of the shown time (24-hour). */
  readonly minutes: number;
}

/** The page addresses that may name its day: the base URL and the address the feed fetches. */
export function pageAddresses(...urls: readonly (string | undefined)[]): string[] {
  return [...new Set(urls.filter((url): url is string => typeof url === 'string' && url !== ''))];
}

/** Dates the rows that show only a time of day, in place (see the module comment). */
export function datesFromTimeOfDay(entries: readonly Entry[], pageUrls: readonly string[]): void {
  const shown: Shown[] = [];
  for (const entry of entries) {
    if (entry.draft.published_at !== undefined) continue;
    const minutes = shownTime(entry.item.member);
    if (minutes !== undefined) shown.push({ entry, minutes });
  }
  if (shown.length < 3 || shown.length * 2 < entries.length || !inOrder(shown.map((row) => row.minutes))) return;
  const pageDays = distinctDays(pageUrls.flatMap((url) => datesIn(url)));
  for (const { entry, minutes } of shown) {
    const day = rowDay(entry.item.member, minutes) ?? (pageDays.length === 1 ? pageDays[0] : undefined);
    if (day !== undefined) entry.draft.published_at = `${day}T${clock(minutes)}`;
  }
}

/** The one time of day a row's text shows, in minutes after midnight; undefined for none or several. */
export function shownTime(member: Element): number | undefined {
  const text = textOf(member, 600);
  let found: number | undefined;
  for (const match of text.matchAll(TIME)) {
    let hour = Number(match[1]);
    const meridiem = match[3]?.toLowerCase();
    if (meridiem !== undefined && (hour < 1 || hour > 12)) return undefined;
    if (meridiem === 'p' && hour < 12) hour += 12;
    if (meridiem === 'a' && hour === 12) hour = 0;
    const minutes = hour * 60 + Number(match[2]);
    if (found !== undefined && found !== minutes) return undefined;
    found = minutes;
  }
  return found;
}

/**
 * Whether the times run up or down, turning at most once and then only past midnight (a jump of
 * twelve hours or more: "23:40" then "00:10" in a schedule, "00:05" then "23:50" in a list from today
 * into yesterday).
 */
function inOrder(times: readonly number[]): boolean {
  const turns = (up: boolean): number => {
    let count = 0;
    for (let index = 1; index < times.length; index += 1) {
      const step = times[index]! - times[index - 1]!;
      if (up ? step >= 0 : step <= 0) continue;
      if (Math.abs(step) < 12 * 60) return Number.POSITIVE_INFINITY;
      count += 1;
    }
    return count;
  };
  return Math.min(turns(true), turns(false)) <= 1;
}

interface MarkupDate {
  readonly day: string;
  readonly minutes?: number;
}

/** The day the row's markup names: the date at the shown time, else the only day named. */
function rowDay(member: Element, minutes: number): string | undefined {
  const found: MarkupDate[] = [];
  const read = (element: Element): void => {
    for (const name in element.attribs) {
      const value = element.attribs[name];
      if (!value) continue;
      const isLink = name === 'href' && element.name === 'a';
      // A picture's cache path (`data-original="…/thumb/20260703/…"`) names no day of the row: separator-less days only in links.
      if (isLink) found.push(...linkDatesIn(value));
      else if (name.startsWith('data-') && !NOT_START.test(name)) found.push(...datesIn(value));
    }
  };
  read(member);
  walkElements(member, (element) => (read(element), true), 12);
  const atTime = found.filter((date) => date.minutes === minutes);
  const days = distinctDays(atTime.length > 0 ? atTime : found);
  return days.length === 1 ? days[0] : undefined;
}

function datesIn(value: string): MarkupDate[] {
  const dates: MarkupDate[] = [];
  for (const match of value.matchAll(MARKUP_DATE)) {
    const day = `${match[1]}-${match[3]}-${match[4]}`;
    dates.push(match[5] === undefined ? { day } : { day, minutes: Number(match[5]) * 60 + Number(match[6]) });
  }
  return dates;
}

/** Dates in a link's address: those above, and a path segment that is a whole date without separators. */
function linkDatesIn(href: string): MarkupDate[] {
  const dates = datesIn(href);
  for (const match of href.matchAll(PATH_DAY)) dates.push({ day: `${match[1]}-${match[2]}-${match[3]}` });
  return dates;
}

/** A path segment of a link that is a whole date without separators ("…/20251024/slug.html"). */
const PATH_DAY = /(?<=\/)((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=\/)/g;

function distinctDays(dates: readonly MarkupDate[]): string[] {
  return [...new Set(dates.map((date) => date.day))];
}

function clock(minutes: number): string {
  const pad = (part: number): string => String(part).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
