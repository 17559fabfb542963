import type { Element } from 'domhandler';
import { walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import type { Inventory } from './inventory.js';
import { holdsLastActivity, isLastActivity, shownTime } from './date-roles.js';
import { DEADLINE_LABEL, isDeadline } from './date-deadline.js';
import { FILM_RELEASE_LABEL } from './other-dates.js';
import { findItemDate, numberAfterDay, usableDate } from './item-date.js';
import { DELIVERY, inDeliverySentence } from './delivery-dates.js';
import { groupDate } from './group-dates.js';
import { machineDate } from './machine-attributes.js';
import type { CardOptions } from './item-card.js';
import { BUILD_STAMP, SORT_KEY, countsToday, dateText } from './date-text.js';
import { RELATIVE } from './list-dates.js';
import { withYear, writesYear } from '../util/dates.js';
import { expandShortYears, parseTime } from '@pagefeed/core';
import { preferAdded } from './date-labels.js';

/**
 * The item's date as a reader takes it, from the date the list ranking saw (`ranked`: the
 * member's first `<time>`, `itemprop=datePublished` or date-classed text) and the card:
 *
 * - a ranked date marked as the last activity (a forum row's last post) gives way to another
 *   `<time>` of the card, else to a date read from the card as a person would (`findItemDate`,
 *   which skips last-activity dates too), else to none;
 * - a `<time>` marked as the last change gives way to another `<time>` of the card that is not;
 * - a `<time>` whose text writes another day than its `datetime` gives the text (see `shownTime`);
 * - a ranked date a reader would not take (a time of day, a duration) gives way to the card's.
 *
 * Runs once per item that is reported (not per candidate list): linear in the member's size.
 */
export function readerDate(member: Element, inventory: Inventory, ranked: string | undefined, title: string, options: CardOptions = {}): string | undefined {
  const read = readDate(member, inventory, ranked, title, options);
  // With `addedDates`, a date labelled as the entry's addition ("date added") over the card's others (date-labels.ts).
  const date = options.addedDates === true ? preferAdded(member, read) : read;
  // "Jun 2 '12", "22/09/24(土)": the year written out, so the list's and the page's years leave it
  // alone; a hidden sort key before the shown date ("1646294400 Mar 3, 2022") left out.
  const shown = date === undefined ? undefined : expandShortYears(date.replace(SORT_KEY, ''));
  return withGroupYear(member, withOwnYear(member, withTooltipYear(member, shown)));
}

/**
 * A year-less date the list ranking read from the card ("March 19 10:00 AM" in an event's date
 * badge) under a group heading that writes the year ("<h2>Mar 2020</h2>" over a month's events):
 * the heading's year, as `findItemDate` gives it to the dates it reads itself (seventeenth
 * session; the page's copyright year lent the wrong one).
 */
function withGroupYear(member: Element, date: string | undefined): string | undefined {
  if (date === undefined || writesYear(date) || /^\s*\d{9,13}\s*$/.test(date) || RELATIVE.test(date)) return date;
  const year = /(?<!\d)(?:19|20)\d{2}(?!\d)/.exec(groupDate(member) ?? '')?.[0];
  return year ? withYear(date, year) : date;
}

/**
 * A year-less date ("aug 1") shown by an element whose tooltip writes the same day with its year
 * (`<span title="2012-08-01 11:17:27Z">aug 1</span>`): the tooltip's date, as `findItemDate` does
 * for the dates it reads itself — the ranked date (a date-classed element) had skipped it, and the
 * list's neighbours then lent the wrong year (fourteenth session).
 */
function withTooltipYear(member: Element, date: string | undefined): string | undefined {
  if (date !== undefined && RELATIVE.test(date)) return absoluteBehindAge(member, date) ?? date;
  if (date === undefined || writesYear(date) || /^\s*\d{9,13}\s*$/.test(date)) return date;
  const shown = date.trim();
  let tooltip: string | undefined;
  walkElements(member, (element) => {
    if (tooltip !== undefined) return false;
    const title = element.attribs['title'];
    if (title !== undefined && title.length <= 80 && textOf(element, 81) === shown) {
      const found = dateText(title);
      if (found !== undefined && writesYear(found) && sameMonthDay(found, shown)) tooltip = found;
    }
    return tooltip === undefined;
  }, 12);
  return tooltip ?? date;
}

/**
 * A relative age ("3 hours ago", "yesterday", a time of day) shown by an element that holds the
 * absolute time in an attribute — its `title` or `aria-label` ("<span title=\"2014-01-21
 * 12:53:17Z\">3 hours ago</span>") or a `datetime` — read as a person hovering it reads it: the
 * absolute time, not the age counted back from the day the feed is built (seventeenth session; the
 * age read against the run day put years-old questions in this week). `findItemDate` already
 * preferred such a tooltip for the dates it reads itself; a date-classed age the list ranking read
 * skipped it. The element is the one whose whole text is the age (or an ancestor with the same
 * text), or the age inside a labelled one ("asked <span title=…>3 hours ago</span>"); the attribute
 * must write a year.
 */
function absoluteBehindAge(member: Element, age: string): string | undefined {
  const shown = age.replace(/\s+/g, ' ').trim();
  let absolute: string | undefined;
  walkElements(member, (element) => {
    if (absolute !== undefined) return false;
    const text = textOf(element, 81);
    if (text.length > 80) return true;
    // The element that shows the age, or the part of a labelled age ("asked <span title=…>3 hours ago</span>").
    if (text === shown || (text.length > 0 && shown.includes(text) && RELATIVE.test(text))) absolute = attributeTime(element);
    // A short text without the age holds no element that shows it.
    return absolute === undefined && text.includes(shown);
  }, 12);
  return absolute;
}

/** An absolute time with its year in an element's `datetime`, `title` or `aria-label`, else undefined. */
function attributeTime(element: Element): string | undefined {
  const machine = element.attribs['datetime']?.trim();
  if (machine && machineDate(machine) && writesYear(machine)) return machine;
  for (const name of ['title', 'aria-label']) {
    const value = element.attribs[name];
    if (value === undefined || value.length > 80 || DELIVERY.test(value)) continue;
    const found = dateText(value);
    if (found !== undefined && writesYear(found) && !RELATIVE.test(found)) return found;
  }
  return undefined;
}

/** Whether two date texts read as the same month and day (the second read in any year). */
function sameMonthDay(full: string, yearless: string): boolean {
  const a = parseTime(full);
  const b = parseTime(yearless);
  return a !== undefined && b !== undefined && a.getUTCMonth() === b.getUTCMonth() && a.getUTCDate() === b.getUTCDate();
}

function readDate(member: Element, inventory: Inventory, given: string | undefined, title: string, options: CardOptions): string | undefined {
  // A software build's stamp in a card (a video player's "build 2021-01-14T10:38Z") is not a date of the item.
  // A ranked text that puts a bare number after the day ("Dec 16 89": a count of claps) is read from the card instead.
  const ranked = given !== undefined && (BUILD_STAMP.test(given) || numberAfterDay(given)) ? undefined : given;
  if (usableDate(ranked)) {
    const checked = checkedRanked(member, inventory, ranked!);
    if (checked !== LAST_ACTIVITY) return checked;
    return findItemDate(member, title, options);
  }
  return findItemDate(member, title, options) ?? (ranked && /\d{4}/.test(ranked) && !countsToday(ranked) ? ranked : undefined);
}

/** An element whose whole text is a year ("2016", "2016年"). */
const YEAR_ONLY = /^(?:19|20)\d{2}\s*年?$/;

/**
 * A year-less date ("07/14", "Mar 3") whose card writes its year in an element of its own beside
 * it (a calendar badge: `<div class="year">2016</div><div class="date">07/14</div>`) takes that
 * year, when the card has exactly one such year element.
 */
function withOwnYear(member: Element, date: string | undefined): string | undefined {
  if (date === undefined || writesYear(date) || /^\s*\d{9,13}\s*$/.test(date) || RELATIVE.test(date)) return date;
  let year: string | undefined;
  let count = 0;
  walkElements(member, (element) => {
    if (count > 1) return false;
    if (element.children.length > 2) return true;
    const text = textOf(element, 12);
    if (YEAR_ONLY.test(text)) {
      const found = text.slice(0, 4);
      if (found !== year) count += 1;
      year = found;
      return false;
    }
    return true;
  }, 12);
  return count === 1 && year !== undefined ? withYear(date, year) : date;
}

const LAST_ACTIVITY = Symbol('last activity');

/** A `<time>` marked as the last change (`class="updated"`, `itemprop="dateModified"`). */
function modified(time: Element): boolean {
  return /(?:^|\s)(?:updated|modified|date-?modified)(?:\s|$)/i.test(time.attribs['class'] ?? '') || time.attribs['itemprop'] === 'dateModified';
}

/** The ranked date, corrected as above; `LAST_ACTIVITY` when it and every other `<time>` are the last activity's. */
function checkedRanked(member: Element, inventory: Inventory, ranked: string): string | typeof LAST_ACTIVITY {
  const times = inventory.times;
  const fromTime = times.find((time) => (time.attribs['datetime'] ?? textOf(time, 80)) === ranked);
  if (fromTime !== undefined) {
    if (!notItsDate(fromTime, member)) {
      // `<time class="updated">` before `<time class="published">`: the publication is the item's date.
      const published = modified(fromTime) ? times.find((time) => time !== fromTime && !modified(time) && !notItsDate(time, member)) : undefined;
      return shownTime(published ?? fromTime) ?? ranked;
    }
    for (const time of times) {
      if (time === fromTime || notItsDate(time, member)) continue;
      const shown = shownTime(time);
      if (shown) return shown;
    }
    return LAST_ACTIVITY;
  }
  // "Application deadline: 2025-12-16" read from a date-classed cell: the label says what it is.
  if (startsWithDeadline(ranked)) return LAST_ACTIVITY;
  // So does a film's release in a date-classed line ("<p class=\"releasetime\">上映时间：1993-01-01</p>").
  if (FILM_RELEASE_LABEL.test(ranked)) return LAST_ACTIVITY;
  // A date-classed text (`<span class="LastCommentDate">December 1</span>`): the element that shows it.
  let source: Element | undefined;
  walkElements(member, (element) => {
    if (source !== undefined) return false;
    if (element.children.length <= 3 && textOf(element, 120) === ranked) source = element;
    return source === undefined;
  }, 12);
  // A date-classed delivery date ("Get it by <span class=deliveryDate>Monday, Oct 6</span> … shipping") is not the item's.
  if (source !== undefined && inDeliverySentence(source)) return LAST_ACTIVITY;
  if (ranked === inventory.datePublished) return ranked;
  // A line holding a last-activity date among other things is read again part by part (`findItemDate`).
  return source !== undefined && (notItsDate(source, member) || holdsLastActivity(source)) ? LAST_ACTIVITY : ranked;
}

/** A date that is not the item's: the last activity (a forum row's last post) or a deadline (see date-deadline.ts). */
function notItsDate(element: Element, member: Element): boolean {
  return isLastActivity(element, member) || isDeadline(element, member);
}

function startsWithDeadline(text: string): boolean {
  const digit = text.search(/\d/);
  return digit > 0 && digit <= 50 && DEADLINE_LABEL.test(text.slice(0, digit));
}
