import { parseTime } from '../time/index.js';

/**
 * A draft's date as a valid Date, or undefined with the reason. `now` is the time relative dates
 * count from (the response's `Date`; default the current time).
 */
export function toDate(value: Date | string | undefined, timeZone: string | undefined, locale?: string, yearReference?: Date, now?: Date): { date?: Date; problem?: string } {
  if (value === undefined) return {};
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { problem: 'is an invalid date' } : { date: value };
  const text = value.trim();
  if (text === '') return {};
  const date = parseTime(text, { timeZone, locale, yearReference, ...(now ? { now } : {}) });
  return date ? { date } : { problem: `"${text}" is not a date pagefeed understands` };
}

/** Dates before this are not believed unless the page writes their year (a 0 timestamp is 1970). */
const EARLIEST = Date.UTC(1990, 0, 1);
const DAY_MS = 86_400_000;

/**
 * Why a parsed date cannot be the item's, or undefined when it can: before 1990 or more than a day
 * after the build, unless the page's own text writes that year (a history page, an event listing).
 * A year pagefeed supplied (a date shown without one) or a bare timestamp never counts as written.
 */
export function implausibleDate(date: Date, raw: Date | string | undefined, now: number): string | undefined {
  const time = date.getTime();
  const early = time < EARLIEST;
  const late = time > now + DAY_MS;
  if (!early && !late) return undefined;
  if (typeof raw === 'string' && writesYear(raw, date.getUTCFullYear())) return undefined;
  const text = date.toISOString().slice(0, 10);
  return early ? `(${text}) is before 1990` : `(${text}) is in the future`;
}

/** Whether `text` writes `year` (or the year either side, for a date near New Year in another zone). */
function writesYear(text: string, year: number): boolean {
  for (const match of text.matchAll(/(?<!\d)(\d{4})(?!\d)/g)) {
    if (Math.abs(Number(match[1]) - year) <= 1) return true;
  }
  return false;
}
