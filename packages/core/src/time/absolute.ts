import { IGNORED_WORDS, MONTHS, ZONE_ABBREVIATIONS } from './vocabulary.js';
import { fullYear } from './short-years.js';

/**
 * Absolute dates in free form: RFC 822/1123, "March 5, 2024", "5 Mar 2024 10:00", "03/05/2024",
 * "5. März 2024", "5 mars 2024", "5 de marzo de 2024". Returns the wall-clock fields and, when the
 * text names one, the UTC offset; the caller applies the time zone. Input is already folded.
 */
export interface AbsoluteParts {
  year?: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC, when the text carries an offset or zone abbreviation. */
  offsetMinutes?: number;
}

interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const TIME_PATTERNS: readonly RegExp[] = [
  /(?<![\d.:/-])(\d{1,2}):(\d{2})(?::(\d{2})(?:[.:,](\d{1,9}))?)?(?:\s*([ap])\.?m\b\.?)?/,
  /(?<![\d.:/-])(\d{1,2})\s?h\s?(\d{2})?(?![a-z])()()()/,
  /(?<![\d.:/-])(\d{1,2})()()()\s*([ap])\.?m\b\.?/,
  /(?<![\d.:/-])(\d{1,2})\.(\d{2})()()\s*()(?=uhr)/,
];

export function parseAbsolute(text: string, locale: string | undefined): AbsoluteParts | undefined {
  let rest = ` ${text} `;
  let time: TimeOfDay | undefined;
  for (const pattern of TIME_PATTERNS) {
    const match = pattern.exec(rest);
    if (!match) continue;
    time = toTimeOfDay(match);
    if (!time) return undefined;
    rest = rest.slice(0, match.index) + ' ' + rest.slice(match.index + match[0].length);
    break;
  }
  let offsetMinutes: number | undefined;
  if (time) ({ rest, offsetMinutes } = takeZone(rest));
  rest = rest.replace(/\([^)]*\)/g, ' ').replace(/(\d+)(?:st|nd|rd|th|er|eme|o|a)\b/g, '$1');
  const date = numericDate(rest, locale) ?? wordDate(rest);
  if (!date) return undefined;
  const clock = time ?? { hour: 0, minute: 0, second: 0, millisecond: 0 };
  return { ...date, ...clock, ...(offsetMinutes === undefined ? {} : { offsetMinutes }) };
}

function toTimeOfDay(match: RegExpExecArray): TimeOfDay | undefined {
  let hour = Number(match[1]);
  const minute = match[2] ? Number(match[2]) : 0;
  const second = Math.min(match[3] ? Number(match[3]) : 0, 59);
  const millisecond = match[4] ? Math.round(Number(`0.${match[4]}`) * 1000) % 1000 : 0;
  const meridiem = match[5];
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return undefined;
  return { hour, minute, second, millisecond };
}

function takeZone(text: string): { rest: string; offsetMinutes?: number } {
  const numeric =
    /(?:gmt|utc)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?(?![\d])/.exec(text) ??
    /(?<=[\s(])([+-])(\d{2}):?(\d{2})(?=[\s)])/.exec(text);
  if (numeric) {
    const sign = numeric[1] === '-' ? -1 : 1;
    const offsetMinutes = sign * (Number(numeric[2]) * 60 + Number(numeric[3] ?? 0));
    return { rest: text.slice(0, numeric.index) + ' ' + text.slice(numeric.index + numeric[0].length), offsetMinutes };
  }
  for (const match of text.matchAll(/(?<=[\s(])([a-z]{1,5})(?=[\s)])/g)) {
    const offsetMinutes = ZONE_ABBREVIATIONS.get(match[1] ?? '');
    if (offsetMinutes === undefined) continue;
    return { rest: text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length), offsetMinutes };
  }
  return { rest: text };
}

interface DateFields {
  year?: number;
  month: number;
  day: number;
}

/** Day-first unless the locale is US English (or absent): "03/05/2024" is March 5 in the US. */
function monthFirst(locale: string | undefined): boolean {
  if (!locale) return true;
  const lower = locale.toLowerCase();
  return lower === 'en' || lower === 'en-us' || lower.startsWith('en-us') || lower === 'en_us';
}

function numericDate(text: string, locale: string | undefined): DateFields | undefined {
  const yearFirst = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/.exec(text);
  if (yearFirst) return onlyFiller(text, yearFirst) ? fields(yearFirst[1], yearFirst[2], yearFirst[3]) : undefined;
  const dotted = /(?<!\d)(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?!\d)/.exec(text);
  if (dotted) return onlyFiller(text, dotted) ? fields(dotted[3], dotted[2], dotted[1]) : undefined;
  const slashed = /(?<!\d)(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?!\d)/.exec(text);
  if (!slashed || !onlyFiller(text, slashed)) return undefined;
  const first = Number(slashed[1]);
  const second = Number(slashed[2]);
  const usOrder = first <= 12 && (second > 12 || monthFirst(locale));
  return usOrder ? fields(slashed[3], slashed[1], slashed[2]) : fields(slashed[3], slashed[2], slashed[1]);
}

function onlyFiller(text: string, match: RegExpExecArray): boolean {
  const rest = text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length);
  return words(rest).length === 0;
}

function fields(year: string | undefined, month: string | undefined, day: string | undefined): DateFields {
  return { year: fullYear(Number(year)), month: Number(month), day: Number(day) };
}

/** Tokens other than filler (weekdays, "at", "de", stray punctuation). */
function words(text: string): string[] {
  return text.split(/[\s,./|·•–—:;-]+/).filter((token) => token !== '' && !IGNORED_WORDS.has(token));
}

/** Month words that are also a weekday's abbreviation ("mar." = mardi, martes, martedì). */
const WEEKDAY_OR_MONTH = new Set(['mar']);

function wordDate(text: string): DateFields | undefined {
  let month: number | undefined;
  let monthToken: string | undefined;
  const numbers: string[] = [];
  for (const token of words(text)) {
    const monthNumber = MONTHS.get(token);
    if (monthNumber !== undefined && month === undefined) {
      month = monthNumber;
      monthToken = token;
    } else if (monthNumber !== undefined && monthToken !== undefined && WEEKDAY_OR_MONTH.has(monthToken)) {
      // "mar. 14 janv. 2014": the first was Tuesday, the second is the month.
      month = monthNumber;
      monthToken = token;
    } else if (/^\d{1,4}$/.test(token)) numbers.push(token);
    else return undefined;
  }
  if (month === undefined || numbers.length > 2) return undefined;
  const yearIndex = numbers.findIndex((token) => token.length >= 3);
  const year = yearIndex >= 0 ? numbers.splice(yearIndex, 1)[0] : numbers.length === 2 ? numbers.pop() : undefined;
  const day = numbers[0] ?? (year === undefined ? undefined : '1');
  if (day === undefined || numbers.length > 1) return undefined;
  return { ...(year === undefined ? {} : { year: fullYear(Number(year)) }), month, day: Number(day) };
}
