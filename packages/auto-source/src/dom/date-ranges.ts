import { parseTime } from '@pagefeed/core';
import { rangeStart, withYear, writesYear } from '../util/dates.js';

/**
 * Run dates written as a range ("Wed 8 Jan - Sat 11 Jan 2020", "Mon 6 Jan - Fri 21 Feb"): the item's
 * date is the first day (the field truth's convention, and what a reader takes as "from"). Core
 * reads the first day, but a year written only after the last day is not its year for the parser
 * ("Wed 8 Jan - Sat 11 Jan 2020" read as 8 January of the build's year), and a weekday on each side
 * names two weekdays, so the first day's weekday could not pick its year (weekday-years.ts).
 */

/**
 * A range whose last day writes the year and whose first does not, rewritten as its first day with
 * that year (or the year before, when the range crosses a new year: "Tue 30 Dec - Sat 3 Jan 2015"
 * starts in 2014). Any other text is returned as it is.
 */
export function withRangeYear(text: string, now: Date): string {
  const first = rangeStart(text);
  if (first === undefined || writesYear(first)) return text;
  const year = /(?<!\d)((?:19|20)\d{2})(?!\d)/.exec(text.slice(text.indexOf(first) + first.length))?.[1];
  if (year === undefined) return text;
  const end = parseTime(text.slice(text.indexOf(first) + first.length).replace(/^\s*[-–—~〜～]\s*/u, ''), { now });
  const start = parseTime(withYear(first, year), { now });
  if (end === undefined || start === undefined) return text;
  return start.getTime() <= end.getTime() ? withYear(first, year) : withYear(first, String(Number(year) - 1));
}
