/**
 * Dates written as a range, read as the day the range starts (an event's or a stay's first day is
 * the one a reader sorts by), before any parser sees them (issue 17, tenth session):
 *
 * - a range of days in one month: "Apr 11–12" → "Apr 11", "11-12 April 2026" → "11 April 2026"
 *   (without this the second day is read as a two-digit year: "Apr 11–12" became 11 April 2012);
 * - a range of days written with dots before one numeric month and year: "18.-20.11.2025" →
 *   "18.11.2025" (without this "2.-4.12.2025" was read as 12 April);
 * - two whole dates joined by a spaced dash, the first writing its year: "Tue 29/08/17 - Sun
 *   03/09/17" → "Tue 29/08/17" (without this the end was read, and month first).
 *
 * Anything else is returned unchanged.
 */

/** A month word, then two days joined by a dash; the second day must not go on as a time, a decimal or a year. */
const MONTH_DAY_RANGE = /^(.*?\p{L}{3,}\.?\s+)(\d{1,2})(?:st|nd|rd|th)?\s*[-–—]\s*(\d{1,2})(?:st|nd|rd|th)?(?![\d:./-]|\p{L})(.*)$/u;
/** Two days joined by a dash, then a month word ("11–12 Apr", "11.-12. April"). */
const DAY_MONTH_RANGE = /^(.*?)(?<![\d./-])(\d{1,2})\.?\s*[-–—]\s*(\d{1,2})(\.?\s+\p{L}{3,}.*)$/u;
/** Two days joined by a dash, then ".month.year" ("18.-20.11.2025", "2.–4.12.25"). */
const DOTTED_DAY_RANGE = /^(.*?)(?<![\d./-])(\d{1,2})\.?\s*[-–—]\s*(\d{1,2})(\.\d{1,2}\.(?:\d{4}|\d{2})(?![\d.]).*)$/u;
/** A spaced dash between two parts that both hold a digit. */
const SPACED_RANGE = /^(.*\d.*?)\s+[-–—]\s+(.*\d.*)$/u;

/**
 * `text` with a range reduced to its first day. `writesFullDate` tells whether a text is a whole
 * date with its year (the caller's fast parser), so that "08:00 - 10:00 March 5" is left alone.
 */
export function firstOfRange(text: string, writesFullDate: (part: string) => boolean): string {
  const monthDay = MONTH_DAY_RANGE.exec(text);
  if (monthDay && increasing(monthDay[2]!, monthDay[3]!)) return `${monthDay[1]}${monthDay[2]}${monthDay[4]}`;
  const dayMonth = DAY_MONTH_RANGE.exec(text);
  if (dayMonth && increasing(dayMonth[2]!, dayMonth[3]!)) return `${dayMonth[1]}${dayMonth[2]}${dayMonth[4]}`;
  const dotted = DOTTED_DAY_RANGE.exec(text);
  if (dotted && increasing(dotted[2]!, dotted[3]!)) return `${dotted[1]}${dotted[2]}${dotted[4]}`;
  const spaced = SPACED_RANGE.exec(text);
  if (spaced && writesFullDate(spaced[1]!) && writesFullDate(spaced[2]!)) return spaced[1]!;
  return text;
}

/** Two days of one month, the second after the first. */
function increasing(first: string, second: string): boolean {
  const start = Number(first);
  const end = Number(second);
  return start >= 1 && end <= 31 && end > start;
}
