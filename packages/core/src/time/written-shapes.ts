import { fullYear } from './short-years.js';

/**
 * Shapes of whole dates that the parsers misread, rewritten before any parser sees them (issue 17,
 * eleventh session). Each is a plain reading of what the page writes, not a guess:
 *
 * - a date in square or round brackets ("[28.5. 2026]", a classifieds row's posting day): the
 *   brackets are left out (the fast parser took them for words and gave up);
 * - a CJK month name, then the day and year in the English order ("8月 19, 2025", what a theme's
 *   "F j, Y" prints in Japanese, Chinese or Korean): written as "2025年8月19日" (chrono-node
 *   read "8月 19" and dropped the year, so such a date got the current year);
 * - a day, a month word and a two- or four-digit year joined by hyphens in any script ("2-Сен-21",
 *   a tracker's "added" column): written with spaces and a four-digit year ("2 Сен 2021"; the
 *   two digits were read as an hour);
 * - the Russian abbreviations "июн", "июл" and "сент" (chrono-node reads "авг", "сен" and the
 *   other months' but not these): written as the genitive month names "июня", "июля", "сентября";
 *   so are "февр" and "нояб", the other two of the abbreviations Russian dates print
 *   ("23 нояб. 2015 г."; fifteenth session).
 *
 * Anything else is returned unchanged.
 */

/** The whole text in brackets, with a digit inside. */
const BRACKETED = /^\s*[[(（【]\s*([^[\]()（）【】]*\d[^[\]()（）【】]*?)\s*[\])）】]\s*$/u;
/** A month with 月 or 월, a day (with or without 日/일), a comma, a four-digit year. */
const CJK_MONTH_ENGLISH_ORDER = /(?<!\d)(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?\s*,\s*((?:19|20)\d{2})(?!\d)/u;
/** Day, month word of three to nine letters, year, joined by hyphens. */
const HYPHENATED_MONTH_WORD = /(?<![\d\p{L}-])(\d{1,2})-(\p{L}{3,9})\.?-(\d{4}|\d{2})(?![\d-])/u;

/** Russian month abbreviations chrono-node's Russian parser does not know. */
const RUSSIAN_ABBREVIATIONS = /(?<!\p{L})(февр|июн|июл|сент|нояб)\.?(?!\p{L})/giu;
const RUSSIAN_MONTHS: Readonly<Record<string, string>> = { февр: 'февраля', июн: 'июня', июл: 'июля', сент: 'сентября', нояб: 'ноября' };

/** `text` with the shapes above rewritten; unchanged when it has none. */
export function reshapeWrittenDate(text: string): string {
  // Each shape is looked for only when the text holds its telltale character (parseTime's fast path
  // meets mostly ISO and plain texts, which pass through these checks untouched).
  const unbracketed = BRACKET_OPEN.test(text) ? BRACKETED.exec(text)?.[1] ?? text : text;
  const cjk = CJK_MONTH.test(unbracketed) ? unbracketed.replace(CJK_MONTH_ENGLISH_ORDER, (_all, month: string, day: string, year: string) => `${year}年${Number(month)}月${Number(day)}日`) : unbracketed;
  const spaced = cjk.includes('-') ? cjk.replace(HYPHENATED_MONTH_WORD, (_all, day: string, month: string, year: string) => `${day} ${month} ${fullYear(Number(year))}`) : cjk;
  return CYRILLIC.test(spaced) ? spaced.replace(RUSSIAN_ABBREVIATIONS, (word: string, stem: string) => RUSSIAN_MONTHS[stem.toLowerCase()] ?? word) : spaced;
}

const BRACKET_OPEN = /^\s*[[(（【]/u;
const CJK_MONTH = /[月월]/u;
const CYRILLIC = /[\u0400-\u04ff]/;
