import { parseAbsolute } from './absolute.js';
import { parseNatural } from './natural.js';
import { parseRelative } from './relative.js';
import { parseMoreRelative } from './relative-more.js';
import { expandShortYears } from './short-years.js';
import { firstOfRange } from './date-ranges.js';
import { reshapeWrittenDate } from './written-shapes.js';
import { orderByWeekday } from './weekday-order.js';
import { withoutNumberChains } from './number-chains.js';
import { yearFirstShortDates } from './year-first.js';
import { assertTimeZone, wallTimeAt, zonedTimeToInstant, type WallTime } from './time-zone.js';

export interface ParseTimeOptions {
  /** IANA name for values without an explicit offset. Default `UTC`. */
  readonly timeZone?: string | undefined;
  /** Reference for relative dates and year-less dates. Default: the current time. */
  readonly now?: Date | undefined;
  /**
   * Reference for dates written without a year only ("Mar 14", "--03-14"), when something better
   * than `now` says when the page was written (its HTTP `Last-Modified`): such a date is the latest
   * one not more than a day after it. Relative dates ("3 days ago") still count from `now`.
   */
  readonly yearReference?: Date | undefined;
  /**
   * BCP 47 language tag of the page. Only decides ambiguous numeric dates: "03/05/2024" is March 5
   * for US English or no locale, May 5 for any other ("de", "fr", "en-GB").
   */
  readonly locale?: string | undefined;
  /** Configuration path named when `timeZone` is unknown. */
  readonly path?: string | undefined;
}

const ISO_PATTERN =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[t ](\d{2}):?(\d{2})(?::?(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * A date from the text a page shows: ISO 8601, RFC 822/1123, English, German, French and Spanish
 * formats, Unix seconds or milliseconds, relative dates; then natural language in many more
 * languages through chrono-node ("February 23rd 2026", "3 марта 2020", "2019年3月1日"). Values without an offset are read in
 * `timeZone`. Returns `undefined` for text it cannot read; throws `ConfigurationInvalid` for an
 * unknown time zone.
 */
export function parseTime(given: string, options: ParseTimeOptions = {}): Date | undefined {
  const timeZone = options.timeZone ?? 'UTC';
  assertTimeZone(timeZone, options.path);
  // Korean "2019년 3월 1일" is the CJK "2019年3月1日" that chrono-node's Japanese and Chinese read;
  // Korean "2019. 3. 1." is year, month, day; so is a short "24.08.06" in CJK text (year-first.ts).
  // A range is read as its first day, and a weekday settles the order of day and month (see date-ranges.ts, weekday-order.ts).
  // Brackets, a CJK month in the English order and hyphenated month words are written plainly first (see written-shapes.ts),
  // after numbers that are no date ("3/4/7/13") are blanked (number-chains.ts).
  const expanded = expandShortYears(orderByWeekday(firstOfRange(reshapeWrittenDate(withoutNumberChains(given)), (part) => writesFullDate(part, options.locale))));
  const korean = /\d\s*[년월일]/.test(expanded) ? expanded.replace(/(\d)\s*년\s*/g, '$1年').replace(/(\d)\s*월\s*/g, '$1月').replace(/(\d)\s*일/g, '$1日') : expanded;
  const value = yearFirstShortDates(korean, options.locale).replace(/(?<![\d.])((?:19|20)\d{2})\.\s+(\d{1,2})\.\s+(\d{1,2})\.?(?![\d.]*\d)/, (_all, year: string, month: string, day: string) => `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
  const text = fold(value);
  if (text === '') return undefined;
  const now = options.now ?? new Date();
  const yearless = options.yearReference ?? now;
  const date = parseUnix(text) ?? parseIso(text, timeZone) ?? parseMonthDay(text, timeZone, yearless) ?? parseRelative(text, now, timeZone) ?? parseMoreRelative(value, now, timeZone)
    ?? parseFree(text, timeZone, yearless, options.locale) ?? parseDotted(text, timeZone, yearless) ?? parseWithChrono(value, timeZone, yearless, options.locale)
    ?? parseDateInside(text, timeZone, yearless, options.locale);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** Whether the fast parser reads `part` as a whole date with its year (one side of a range). */
function writesFullDate(part: string, locale: string | undefined): boolean {
  const parts = parseAbsolute(fold(expandShortYears(part)), locale);
  return parts !== undefined && parts.year !== undefined;
}

/** Lower case, no diacritics ("März" → "marz"), one space between words, typographic quotes plain. */
export function fold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function parseUnix(text: string): Date | undefined {
  if (/^\d{12,14}$/.test(text)) return new Date(Number(text));
  if (/^\d{9,11}(\.\d+)?$/.test(text)) return new Date(Math.round(Number(text) * 1000));
  return undefined;
}

function parseIso(text: string, timeZone: string): Date | undefined {
  const match = ISO_PATTERN.exec(text);
  if (!match) return undefined;
  const wall: WallTime = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4] ?? 0),
    minute: Number(match[5] ?? 0),
    second: Math.min(Number(match[6] ?? 0), 59),
    millisecond: match[7] ? Math.round(Number(`0.${match[7]}`) * 1000) % 1000 : 0,
  };
  return build(wall, zoneOffset(match[8]), timeZone);
}

/** ISO 8601's date without a year, `--MM-DD` (what auto-source writes for "7-3" or "03.07."). */
function parseMonthDay(text: string, timeZone: string, now: Date): Date | undefined {
  const match = /^--(\d{2})-?(\d{2})$/.exec(text);
  if (!match) return undefined;
  return withYear({ month: Number(match[1]), day: Number(match[2]), hour: 0, minute: 0, second: 0, millisecond: 0 }, undefined, undefined, timeZone, now);
}

/**
 * A date the fast parser knows written inside a longer text that neither it nor chrono-node reads
 * as a whole ("Dernier message de Gontran Lun 12 Aoû 2013 13:16": chrono's French misses "Aoû"):
 * the longest run of at most eight words, from the left, that the fast parser reads, writes a day
 * and has no number right beside it (a part of the date it would leave out). Only for
 * short texts with a digit (a failure path; at most a few hundred tries of a small parser).
 */
function parseDateInside(text: string, timeZone: string, now: Date, locale: string | undefined): Date | undefined {
  if (text.length > 160 || !/\d/.test(text)) return undefined;
  // Square brackets around a date ("- TOP - [28.5. 2026]") are no part of it.
  const words = (text.includes('[') || text.includes(']') ? text.replace(/[[\]]/g, ' ').replace(/\s+/g, ' ').trim() : text).split(' ');
  if (words.length < 2) return undefined;
  for (let length = Math.min(8, words.length - 1); length >= 2; length -= 1) {
    for (let start = 0; start + length <= words.length; start += 1) {
      const part = words.slice(start, start + length);
      // A number next to the run is a part of the date the run leaves out ("25:00 March 5", "31
      // February 2024"); after a run that already ends in its four-digit year, a number is the
      // next fact ("April 17, 2023 1 min read").
      const whole = /^(?:19|20)\d{2}$/.test(part[part.length - 1] ?? '');
      // A version number before a whole date is the release it dates ("1.13.3 Dec 19, 2025"), not a part of it.
      const before = words[start - 1] ?? '';
      if ((/\d/.test(before) && !(whole && VERSION.test(before))) || (!whole && /\d/.test(words[start + length] ?? ''))) continue;
      // A day must be written: "February 2024" alone is no day.
      if (!part.some((word) => /^\d{1,2}(?:st|nd|rd|th|er|\.)?,?$|\d[./-]\d/.test(word))) continue;
      const window = part.join(' ');
      const date = parseFree(window, timeZone, now, locale);
      if (date) return date;
    }
  }
  // A numeric date with its four-digit year is whole in one word, whatever stands beside it
  // ("by ann 1 2020/10/05": a user name and a like count before the day).
  for (const word of words) {
    const bare = word.replace(/^[([]+|[)\],;:]+$/g, '');
    if (!FULL_NUMERIC.test(bare)) continue;
    const date = parseFree(bare, timeZone, now, locale);
    if (date) return date;
  }
  return undefined;
}

/**
 * A dotted day.month.year ("06.12.2005") among other words ("20 min. simpel 06.12.2005", "שלישי
 * 04.11.25"): day first, as every language that writes dates with dots reads it (chrono-node read
 * it month first). A two-digit year only with a zero-padded day and month, as schedules print
 * them ("04.11.25"); version numbers do not pad ("1.13.3").
 */
function parseDotted(text: string, timeZone: string, now: Date): Date | undefined {
  const words = text.split(' ').filter((word) => DOTTED.test(word));
  return words.length === 1 ? parseFree(words[0]!, timeZone, now, 'de') : undefined;
}

const DOTTED = /^(?:\d{1,2}\.\d{1,2}\.(?:19|20)\d{2}|(?:0[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.\d{2})$/;

/** A version number of three or more parts ("1.13.3", "v2.0.10"). */
const VERSION = /^v?\d+(?:\.\d+){2,}$/;

/** "2020/10/05", "2020-10-05", "05.10.2020", "10/05/2020": a day, a month and a four-digit year in one word. */
const FULL_NUMERIC = /^(?:(?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:19|20)\d{2})$/;

function zoneOffset(zone: string | undefined): number | undefined {
  if (zone === undefined) return undefined;
  if (zone === 'z' || zone === 'utc' || zone === 'gmt') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return undefined;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

function parseFree(text: string, timeZone: string, now: Date, locale: string | undefined): Date | undefined {
  const parts = parseAbsolute(text, locale);
  if (!parts) return undefined;
  const { year, offsetMinutes, ...rest } = parts;
  // No year ("March 5"): the latest such date that is not in the future (pages list recent items).
  return withYear(rest, year, offsetMinutes, timeZone, now);
}

/** The slow path: natural language in many locales (see natural.ts); a missing year as in parseFree. */
function parseWithChrono(value: string, timeZone: string, now: Date, locale: string | undefined): Date | undefined {
  const natural = parseNatural(value.replace(/\s+/g, ' ').trim(), now, locale);
  if (!natural) return undefined;
  const { year, ...rest } = natural.wall;
  return withYear(rest, year, natural.offsetMinutes, timeZone, now);
}

/** The date with its year, or without one the latest such date that is not in the future. */
function withYear(rest: Omit<WallTime, 'year'>, year: number | undefined, offsetMinutes: number | undefined, timeZone: string, now: Date): Date | undefined {
  if (year !== undefined) return build({ ...rest, year }, offsetMinutes, timeZone);
  const thisYear = wallTimeAt(now.getTime(), timeZone).year;
  const candidate = build({ ...rest, year: thisYear }, offsetMinutes, timeZone);
  if (!candidate || candidate.getTime() <= now.getTime() + 86_400_000) return candidate;
  return build({ ...rest, year: thisYear - 1 }, offsetMinutes, timeZone);
}

function build(wall: WallTime, offsetMinutes: number | undefined, timeZone: string): Date | undefined {
  if (!validCalendarDate(wall)) return undefined;
  if (offsetMinutes !== undefined) {
    const utc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
    return new Date(utc - offsetMinutes * 60_000);
  }
  return new Date(zonedTimeToInstant(wall, timeZone));
}

function validCalendarDate(wall: WallTime): boolean {
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.hour > 23 || wall.minute > 59) return false;
  const daysInMonth = new Date(Date.UTC(wall.year, wall.month, 0)).getUTCDate();
  return wall.day <= daysInMonth && wall.year >= 1000 && wall.year <= 9999;
}
