import { parseTime } from '@pagefeed/core';
import { findItemDateText, withYear, writesYear } from '../util/dates.js';
import { RELATIVE } from './list-dates.js';

/**
 * A year for a date shown without one, from the item's own link (issue 17, sixth session): an
 * agenda listed as "October 21" whose link is `…/agenda?title=committee-october-21-2022`, a post
 * shown as "Mar 20" at `/2019/03/slug`. The URL is the page's own record of the item, so it beats
 * the neighbours' years and the page's date.
 *
 * Taken only when the URL writes exactly one year (1990 up to the build's year) as a part of its
 * own (between `/`, `-`, `_`, `.`, `=` or at an end, never inside a longer number or an id) and
 * also writes the date's month next to it (`2019/03`, `03-2019`) or by name ("october"), so that a
 * report's year (`/2015-annual-report`) does not date a March entry. A link without such a year
 * may hold a Unix time as an id that falls on the shown day (see `epochYear`). A date that the year
 * would put after the build is left alone.
 */
export function completeYearsFromUrls(drafts: { published_at?: Date | string | undefined; url?: string | undefined }[], now: Date = new Date()): void {
  for (const draft of drafts) {
    const text = draft.published_at;
    if (typeof text !== 'string' || !draft.url || writesYear(text) || /^\s*\d{9,13}\s*$/.test(text) || RELATIVE.test(text) || !findItemDateText(text)) continue;
    const year = urlYear(draft.url, text, now);
    if (year === undefined) continue;
    const completed = withYear(text, String(year));
    const time = parseTime(completed, { now })?.getTime();
    if (time !== undefined && time <= now.getTime() + 86_400_000) draft.published_at = completed;
  }
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function urlYear(url: string, text: string, now: Date): number | undefined {
  let path: string;
  try {
    const parsed = new URL(url);
    path = decodeURIComponent(`${parsed.pathname}${parsed.search}`).toLowerCase();
  } catch {
    return undefined;
  }
  const years = new Set<number>();
  for (const match of path.matchAll(/(?<=^|[/\-_.=])((?:19|20)\d{2})(?=$|[/\-_.&?#])/g)) {
    const year = Number(match[1]);
    if (year >= 1990 && year <= now.getUTCFullYear()) years.add(year);
  }
  if (years.size === 0) return epochYear(path, text, now);
  if (years.size !== 1) return undefined;
  const year = [...years][0]!;
  // The month the shown date names (read in any year: only its month matters here).
  const month = parseTime(text, { now })?.getUTCMonth();
  if (month === undefined) return undefined;
  const number = String(month + 1);
  const padded = number.padStart(2, '0');
  const nearYear = new RegExp(`(?<!\\d)${year}[/\\-_.](?:${padded}|${number})(?!\\d)|(?<!\\d)(?:${padded}|${number})[/\\-_.](?:\\d{1,2}[/\\-_.])?${year}(?!\\d)`);
  const byName = new RegExp(`(?<![a-z])${MONTH_NAMES[month]}`);
  return nearYear.test(path) || byName.test(path) ? year : undefined;
}

/**
 * The year of a Unix time the link writes as a part of its own (a post id such as
 * `/M.1499790734.A.833.html`, `?t=1499790734`), when that time falls on the shown month and day in
 * some zone (UTC-12 to UTC+14): the id records when the post was made, the shown "7/12" its day.
 * Exactly one such time must fit; none from before 2000 or after the build.
 */
function epochYear(path: string, text: string, now: Date): number | undefined {
  // The shown date is parsed only for a link that writes such a time (most write none).
  let shown: Date | undefined;
  const found = new Set<number>();
  for (const match of path.matchAll(/(?<=^|[/\-_.=])(\d{10})(?=$|[/\-_.&?#])/g)) {
    const time = Number(match[1]) * 1000;
    if (time < Date.UTC(2000, 0, 1) || time > now.getTime()) continue;
    shown ??= parseTime(text, { now });
    if (shown === undefined) return undefined;
    for (let offset = -12; offset <= 14; offset += 1) {
      const local = new Date(time + offset * 3_600_000);
      if (local.getUTCMonth() === shown.getUTCMonth() && local.getUTCDate() === shown.getUTCDate()) {
        found.add(local.getUTCFullYear());
        break;
      }
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}
