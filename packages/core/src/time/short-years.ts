/**
 * Dates whose year is written with two digits in shapes the general parsers misread (issue 17,
 * sixth session), rewritten with a four-digit year before any parser sees them:
 *
 * - an apostrophe year after a month and day: "Jun 2 '12" → "Jun 2 2012" ("asked Jun 2 '12 at
 *   10:31"); without this the "'12" is dropped and the date gets the current year;
 * - a numeric date of three two-digit parts followed by a weekday in CJK writing, as East Asian
 *   image boards and forums print them: "22/09/24(土)15:36". East Asian convention is year first
 *   (YY/MM/DD); the weekday decides when it can: of year-first, day-first and month-first the
 *   reading on which the written weekday falls is taken (year first when several or none do).
 *
 * Two-digit years are read as core reads them elsewhere: below 70 → 20xx, else 19xx.
 */

/** A month word (any script), a day, then the apostrophe year; the day may carry an ordinal suffix and a comma. */
const APOSTROPHE_YEAR = /(\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+)['\u2018\u2019\u02bc](\d{2})(?![\d'\u2019])/u;
/** The same with the day first ("2 Jun '12"). */
const APOSTROPHE_YEAR_DAY_FIRST = /((?<![\d])\d{1,2}\.?\s+\p{L}{3,}\.?,?\s+)['\u2018\u2019\u02bc](\d{2})(?![\d'\u2019])/u;

/** Three two-digit parts, then a CJK weekday in brackets ("22/09/24(土)", "22/09/24 (六)"). */
const CJK_WEEKDAY_DATE = /(?<![\d/.-])(\d{2})([/.-])(\d{2})\2(\d{2})(?![\d/.-])\s*[(（]\s*([日月火水木金土一二三四五六天])\s*(?:曜日?)?\s*[)）]/u;

/** Weekday characters → 0 (Sunday) … 6: Japanese 日月火水木金土, Chinese 日/天一…六. */
const CJK_WEEKDAYS: ReadonlyMap<string, number> = new Map([
  ['日', 0], ['天', 0], ['月', 1], ['火', 2], ['水', 3], ['木', 4], ['金', 5], ['土', 6],
  ['一', 1], ['二', 2], ['三', 3], ['四', 4], ['五', 5], ['六', 6],
]);

/** A year as written: two digits below 70 → 20xx, else 19xx; three or four digits as they are. */
export function fullYear(year: number): number {
  if (year >= 100) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

/** `text` with the short years above written out; unchanged when it has none. */
export function expandShortYears(text: string): string {
  const apostrophe = text.replace(APOSTROPHE_YEAR, (_all, head: string, year: string) => `${head}${fullYear(Number(year))}`);
  const dayFirst = apostrophe.replace(APOSTROPHE_YEAR_DAY_FIRST, (_all, head: string, year: string) => `${head}${fullYear(Number(year))}`);
  return dayFirst.replace(CJK_WEEKDAY_DATE, (all, first: string, _separator: string, second: string, third: string, weekday: string) => {
    const iso = cjkReading(Number(first), Number(second), Number(third), CJK_WEEKDAYS.get(weekday));
    return iso === undefined ? all : `${iso} `;
  });
}

/** The ISO day of "aa/bb/cc" read year first unless only another reading falls on the weekday. */
function cjkReading(first: number, second: number, third: number, weekday: number | undefined): string | undefined {
  const readings = [
    { year: fullYear(first), month: second, day: third },
    { year: fullYear(third), month: second, day: first },
    { year: fullYear(third), month: first, day: second },
  ].filter((reading) => valid(reading.year, reading.month, reading.day));
  if (readings.length === 0) return undefined;
  const onWeekday = readings.filter((reading) => new Date(Date.UTC(reading.year, reading.month - 1, reading.day)).getUTCDay() === weekday);
  const chosen = onWeekday.length === 1 ? onWeekday[0]! : readings[0]!;
  return `${chosen.year}-${String(chosen.month).padStart(2, '0')}-${String(chosen.day).padStart(2, '0')}`;
}

function valid(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
