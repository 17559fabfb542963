import { createRequire } from 'node:module';
import type { WallTime } from './time-zone.js';

/**
 * Dates written as people write them, in many languages ("February 23rd 2026", "3 марта 2020",
 * "2019年3月1日", "il y a 2 heures", "March 6, 2016 1:46 PM PT"), read by chrono-node when the fast
 * parsers (ISO, RFC 822, numeric, the built-in vocabulary) cannot. A well-kept multi-locale library
 * instead of a growing vocabulary of our own; each locale's parser is loaded on first use only, so
 * importing core loads none of it and machine-readable dates never reach it.
 */

/** What a match gives: wall-time parts (the year only when written), and an offset when written. */
export interface NaturalDate {
  readonly wall: Omit<WallTime, 'year'> & { readonly year?: number };
  readonly offsetMinutes?: number;
}

interface ChronoComponents {
  get(component: string): number | null;
  isCertain(component: string): boolean;
}
interface ChronoResult {
  readonly index: number;
  readonly text: string;
  readonly start: ChronoComponents;
}
interface ChronoParser {
  parse(text: string, reference?: Date | { instant: Date; timezone?: number }, options?: { forwardDate?: boolean }): ChronoResult[];
}

/** Portuguese month names that no other locale tried on ASCII text reads. */
const PORTUGUESE_MONTH = /(?<!\p{L})(?:janeiro|fevereiro|marco|maio|junho|julho|setembro|outubro|dezembro)(?!\p{L})/iu;

/** chrono-node's locales: BCP 47 primary language → subpath export. */
const LOCALES = new Set(['en', 'de', 'fr', 'ja', 'pt', 'nl', 'zh', 'ru', 'es', 'uk', 'it', 'sv', 'fi', 'vi', 'id']);
/**
 * Tried after the page's own language and English, only for text with non-ASCII characters, and
 * only the locales whose script the text has letters of: a label in Arabic, Thai or Amharic (a
 * language menu) has no chrono-node locale, and loading and running twelve parsers for it cost a
 * 975 KB page about 2 s of its first extraction (the Russian parser alone takes a quarter of a
 * second to build its patterns).
 */
const OTHER_LOCALES_BY_SCRIPT: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/\p{Script=Latin}/u, ['de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'fi']],
  [/\p{Script=Cyrillic}/u, ['ru', 'uk']],
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u, ['ja', 'zh']],
];

const require = createRequire(import.meta.url);
const parsers = new Map<string, ChronoParser | null>();

function parserFor(language: string): ChronoParser | undefined {
  let parser = parsers.get(language);
  if (parser === undefined) {
    try {
      const module = require(`chrono-node/${language}`) as { casual?: ChronoParser };
      parser = module.casual ?? null;
    } catch {
      parser = null;
    }
    parsers.set(language, parser);
  }
  return parser ?? undefined;
}

/** The first date in `text` (original case and accents), or undefined. */
export function parseNatural(text: string, now: Date, locale: string | undefined): NaturalDate | undefined {
  // Too long for a date, or numeric shapes the fast path reads and found impossible ("2024-13-01").
  if (text.length > 300 || impossibleNumericDate(text) || /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(text)) return undefined;
  for (const language of naturalLocales(text, locale)) {
    const result = parserFor(language)?.parse(text, now)[0];
    const date = result ? fromResult(result, text) : undefined;
    if (date) return date;
  }
  return undefined;
}

/** The chrono-node locales tried for `text`, in order: the page's language, English, then others by script. */
export function naturalLocales(text: string, locale: string | undefined): string[] {
  const languages: string[] = [];
  const pageLanguage = locale?.toLowerCase().split(/[-_]/)[0];
  if (pageLanguage && LOCALES.has(pageLanguage)) languages.push(pageLanguage);
  if (!languages.includes('en')) languages.push('en');
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(text)) {
    for (const [script, locales] of OTHER_LOCALES_BY_SCRIPT) {
      if (script.test(text)) for (const language of locales) if (!languages.includes(language)) languages.push(language);
    }
  }
  // Italian and Dutch relative dates are plain ASCII ("2 giorni fa", "3 dagen geleden"): on a page
  // that does not declare its language, their closing word routes them to chrono-node's locale.
  else if (/\s(?:fa|geleden)$/i.test(text) && !languages.includes('it') && !languages.includes('nl')) languages.push(/geleden$/i.test(text) ? 'nl' : 'it');
  // So are Portuguese months written without accents ("8 setembro, 2012", "05 de outubro").
  if (PORTUGUESE_MONTH.test(text) && !languages.includes('pt')) languages.push('pt');
  return languages;
}

/** An ISO-shaped date with a month or day no calendar has ("2024-13-01"): chrono would read a part of it. */
function impossibleNumericDate(text: string): boolean {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  return match !== null && (Number(match[2]) > 12 || Number(match[2]) < 1 || Number(match[3]) > 31 || Number(match[3]) < 1);
}

function fromResult(result: ChronoResult, text: string): NaturalDate | undefined {
  const start = result.start;
  // A number just before the match ("25:00 March 5 2024") is a part chrono did not understand; a
  // word that ends in digits ("king11973 2015-01-16", a user name beside the date) is not.
  if (/(?:^|[^\p{L}\d])\d+[:.]?\s*$/u.test(text.slice(0, result.index))) return undefined;
  // A weekday, a month or a time alone ("Monday", "March", "10:30") is not an item's date. Relative
  // dates ("vor 3 Tagen", "yesterday") come with every part filled from the reference time.
  if (!start.isCertain('day') || !start.isCertain('month')) return undefined;
  // A day word without a number that opens a label ("Today's lead story", "Tonight on BBC One",
  // "Now playing") names no item's date: chrono reads it as the reference day, which would give the
  // item the day the feed is built. A date written that way stands alone or last ("Yesterday",
  // "posted today", "just now") or carries a time ("today, 10:59").
  if (!/\d/.test(result.text) && /\p{L}/u.test(text.slice(result.index + result.text.length))) return undefined;
  // Nor does one closing a sentence ("… Let Me Go at That Age Today'", a headline quoted in a card):
  // a date written in words alone has at most a short label before it ("posted today").
  // A time after it ("Nyhet Playstation Xbox idag 19:04", a teaser's tags then its age) keeps it a date.
  if (!/\d/.test(result.text) && !/\d/.test(text.slice(result.index)) && (text.slice(0, result.index).match(/\p{L}+/gu)?.length ?? 0) > 3) return undefined;
  const wall = {
    ...(start.isCertain('year') ? { year: start.get('year')! } : {}),
    month: start.get('month')!,
    day: start.get('day')!,
    hour: start.isCertain('hour') ? start.get('hour')! : 0,
    minute: start.isCertain('minute') ? start.get('minute')! : 0,
    second: start.isCertain('second') ? start.get('second')! : 0,
    millisecond: 0,
  };
  const offset = start.isCertain('timezoneOffset') ? start.get('timezoneOffset') : null;
  return offset === null ? { wall } : { wall, offsetMinutes: offset };
}
