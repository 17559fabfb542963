import { mayNameMonth, parseTime } from '@pagefeed/core';

/**
 * Archive and calendar widgets (issue #16): a blog's "archive by month" sidebar lists periods, not
 * posts — "March 2019", "2019年3月", "7月 (2)", "2019/03", "› 2009 (45)". A candidate whose items
 * are titled by a period alone is navigation, however long the widget grows (a blog of five years
 * has sixty months, more than the twenty posts of its page). A title that only contains a period
 * ("Release 2019-03", "March 2019 newsletter") or names a day ("September 26, 2009", a post of a
 * daily blog) is a real item. Month words come from the engine's own date parser (`parseTime`),
 * so every language it reads is covered; its answers are cached per title, as titles repeat over
 * the page's many candidate lists.
 */

/** A leading bullet or disclosure marker and a trailing post count: "› 2009 (45)", "7月 ( 2 )". */
const DECORATION = /^[\s›»►▼▶▸·•*+–-]+|\s*(?:[([]\s*\d+\s*[)\]]|\d+\s*(?:件|篇|posts?|entries|articles))\s*$/giu;
const YEAR = '(?:19|20)\\d{2}';
/** Numeric year-month or year alone: "2019", "2019/03", "2019-3", "03/2019", "2019.03". */
const NUMERIC_PERIOD = new RegExp(`^(?:${YEAR}(?:\\s*[-/.]\\s*\\d{1,2})?|\\d{1,2}\\s*[-/.]\\s*${YEAR})$`);
/** CJK year and month: "2019年3月", "2019年", "3月", "2019년 3월". */
const CJK_PERIOD = new RegExp(`^(?:${YEAR}\\s*[年년]\\s*(?:\\d{1,2}\\s*[月월])?|\\d{1,2}\\s*[月월])(?:\\s*分)?$`);
/** One word with or without a year: parsed as a month by `parseTime` below. */
const WORD_PERIOD = new RegExp(`^(?:(\\p{L}+)\\.?(?:,?\\s*(${YEAR}))?|(${YEAR})\\s+(\\p{L}+)\\.?)$`, 'u');

const CACHE_LIMIT = 4096;
const cache = new Map<string, boolean>();
/**
 * The parser's answer per word: a page with thousands of short titles empties the title cache
 * above on every pass, while the words that reach the parser are few and repeat across pages.
 */
const monthWords = new Map<string, boolean>();

/** True when `titleKey` (a lower-cased item title) names a month or year alone, with or without a count. */
export function isPeriodTitle(titleKey: string): boolean {
  if (titleKey.length > 32 || !/\d|\p{L}/u.test(titleKey)) return false;
  const known = cache.get(titleKey);
  if (known !== undefined) return known;
  const period = periodOf(titleKey);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(titleKey, period);
  return period;
}

function periodOf(titleKey: string): boolean {
  const text = titleKey.replace(DECORATION, '').trim();
  if (text === '') return false;
  if (NUMERIC_PERIOD.test(text) || CJK_PERIOD.test(text)) return true;
  const word = WORD_PERIOD.exec(text);
  if (!word) return false;
  const name = word[1] ?? word[4]!;
  if (name.length < 3) return false;
  return isMonthWord(name);
}

function isMonthWord(name: string): boolean {
  // Most words are plain ASCII with no month word in them: core's parser cannot read those as a month.
  if (!mayNameMonth(name)) return false;
  const known = monthWords.get(name);
  if (known !== undefined) return known;
  // A month word: the parser reads "<word> 2001" as the first of that month (and nothing else).
  const parsed = parseTime(`${name} 2001`);
  const month = parsed !== undefined && parsed.getUTCFullYear() === 2001 && parsed.getUTCDate() === 1;
  if (monthWords.size >= CACHE_LIMIT) monthWords.clear();
  monthWords.set(name, month);
  return month;
}

/**
 * A collection address: a year or month archive (`/2019/`, `/2019/03/`, `2019_03_01_archive.html`,
 * `?m=201903`, `archive1-201903.html`). Label, category and tag pages are left out: a release's
 * page is often a tag (`/releases/tag/v2.4.0`), and a tag cloud's short names already score low.
 */
const COLLECTION_PATH = /\/(?:19|20)\d{2}(?:\/\d{1,2})?\/?$|_archive\.html$|[-_/]archive\d*[-_]?(?:19|20)\d{4}\.html?$/i;
const COLLECTION_QUERY = /[?&](?:m|archive|month|year)=\d{4,8}(?:&|$)/i;

/** True when `url` is a collection address (see `COLLECTION_PATH`), not an item's own page. */
export function isCollectionAddress(url: string | undefined): boolean {
  if (url === undefined) return false;
  const hash = url.indexOf('#');
  const bare = hash < 0 ? url : url.slice(0, hash);
  const query = bare.indexOf('?');
  return COLLECTION_PATH.test(query < 0 ? bare : bare.slice(0, query)) || (query >= 0 && COLLECTION_QUERY.test(bare.slice(query)));
}
