import { parseTime } from '@pagefeed/core';
import { findItemDateText, rangeStart, writesYear } from '../util/dates.js';

/**
 * Weekday names a date may carry, by day of the week (0 = Sunday). Full names in the languages the
 * item reader knows, the English abbreviations ("Mon", "Thurs"; not the French ones, which are
 * also words and names: "Mar", "Sam"), and the Japanese or Korean weekday in brackets or with 曜日/요일
 * ("11/11(화)"; Korean since the fifteenth session — alone, 일 and 월 are also "day" and "month").
 */
const WEEKDAYS: readonly RegExp[] = [
  /(?<!\p{L})(sun(day)?|sonntag|dimanche|domingo|domenica|zondag|воскресенье)(?!\p{L})|[(（]\s*[日일]\s*[)）]|日曜日?|일요일/iu,
  /(?<!\p{L})(mon(day)?|montag|lundi|lunes|lunedì|maandag|понедельник)(?!\p{L})|[(（]\s*[月월]\s*[)）]|月曜日?|월요일/iu,
  /(?<!\p{L})(tue(s|sday)?|dienstag|mardi|martes|martedì|dinsdag|вторник)(?!\p{L})|[(（]\s*[火화]\s*[)）]|火曜日?|화요일/iu,
  /(?<!\p{L})(wed(nesday)?|mittwoch|mercredi|miércoles|mercoledì|woensdag|сред[ау])(?!\p{L})|[(（]\s*[水수]\s*[)）]|水曜日?|수요일/iu,
  /(?<!\p{L})(thu(rs?|rsday)?|donnerstag|jeudi|jueves|giovedì|donderdag|четверг)(?!\p{L})|[(（]\s*[木목]\s*[)）]|木曜日?|목요일/iu,
  /(?<!\p{L})(fri(day)?|freitag|vendredi|viernes|venerdì|vrijdag|пятниц[ау])(?!\p{L})|[(（]\s*[金금]\s*[)）]|金曜日?|금요일/iu,
  /(?<!\p{L})(sat(urday)?|samstag|samedi|sábado|sabato|zaterdag|суббот[ау])(?!\p{L})|[(（]\s*[土토]\s*[)）]|土曜日?|토요일/iu,
];

const DAY = 86_400_000;

/** The day of the week `text` names, when it names exactly one. */
export function weekdayOf(text: string): number | undefined {
  // A loop rather than collecting the days in an array: asked of every word of every short title.
  let found: number | undefined;
  for (let day = 0; day < WEEKDAYS.length; day += 1) {
    if (!WEEKDAYS[day]!.test(text)) continue;
    if (found !== undefined) return undefined;
    found = day;
  }
  return found;
}

/**
 * A date shown without a year but with its weekday ("Monday November 10", "3/14 Mon") has a year:
 * the one in which that day falls on that weekday. Of the years from six before the reference
 * (the page's own date, else the build time; a copyright year can lag) to two after it, the one whose date lies nearest to
 * the reference is taken when it is within eighteen months of it and not after the build (a
 * future date needs a year the page writes). Otherwise the date is left to the other rules. The date is rewritten as an
 * ISO date (with its time of day when it has one) so that no later reading can lose the year.
 * Runs after the list's own years were given (`completeYears`): a year any item writes stands.
 */
export function completeYearsByWeekday(drafts: { published_at?: Date | string | undefined }[], reference: Date, now: Date = new Date()): void {
  const left: { draft: { published_at?: Date | string | undefined }; parsed: Date; weekday: number }[] = [];
  for (const draft of drafts) {
    const text = draft.published_at;
    if (typeof text !== 'string' || writesYear(text) || /^\s*\d{9,13}\s*$/.test(text)) continue;
    // A line of two dates ("11/11(화) 등록 • 12/11(목) 마감": posted, then closing) names two
    // weekdays; the first date is the one read, and its weekday is the one after it.
    // So does a range with a weekday on each side ("Mon 6 Jan - Fri 21 Feb"): its first day's weekday.
    const weekday = weekdayOf(text) ?? weekdayOf(rangeStart(text) ?? '') ?? weekdayOf(findItemDateText(text) ?? '');
    if (weekday === undefined) continue;
    const parsed = parseTime(text, { now: reference });
    if (!parsed) continue;
    const year = yearOfWeekday(parsed, weekday, reference, now);
    if (year !== undefined) draft.published_at = isoWithYear(parsed, year);
    else left.push({ draft, parsed, weekday });
  }
  const shared = sharedWeekdayYear(left, reference, now);
  if (shared !== undefined) for (const { draft, parsed } of left) draft.published_at = isoWithYear(parsed, shared);
}

/**
 * The year of a list's weekday dates that none fits within eighteen months of the reference (a
 * calendar saved years ago and read without a page date): the latest year, from twelve before the
 * reference to two after it and not after the build, in which every one of them falls on its
 * weekday, when at least three dates on at least two different days agree on it. Weekdays repeat
 * every five, six or eleven years for one day; three days of a list rarely share more than one
 * year in that range, and the latest is the one a page still online is most likely from.
 */
function sharedWeekdayYear(dates: readonly { parsed: Date; weekday: number }[], reference: Date, now: Date): number | undefined {
  if (dates.length < 3 || new Set(dates.map(({ parsed }) => `${parsed.getUTCMonth()}-${parsed.getUTCDate()}`)).size < 2) return undefined;
  for (let year = reference.getUTCFullYear() + 2; year >= reference.getUTCFullYear() - 12; year -= 1) {
    const fits = dates.every(({ parsed, weekday }) => {
      const candidate = new Date(Date.UTC(year, parsed.getUTCMonth(), parsed.getUTCDate()));
      return candidate.getUTCMonth() === parsed.getUTCMonth() && candidate.getUTCDay() === weekday && candidate.getTime() <= now.getTime() + DAY;
    });
    if (fits) return year;
  }
  return undefined;
}

function yearOfWeekday(parsed: Date, weekday: number, reference: Date, now: Date): number | undefined {
  const month = parsed.getUTCMonth();
  const day = parsed.getUTCDate();
  let best: { year: number; distance: number } | undefined;
  const first = reference.getUTCFullYear() - 6;
  for (let year = first; year <= reference.getUTCFullYear() + 2; year += 1) {
    const candidate = new Date(Date.UTC(year, month, day));
    if (candidate.getUTCMonth() !== month || candidate.getUTCDay() !== weekday || candidate.getTime() > now.getTime() + DAY) continue;
    const distance = Math.abs(candidate.getTime() - reference.getTime());
    if (!best || distance < best.distance) best = { year, distance };
  }
  return best && best.distance <= 548 * DAY ? best.year : undefined;
}

function isoWithYear(parsed: Date, year: number): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  const date = `${year}-${pad(parsed.getUTCMonth() + 1)}-${pad(parsed.getUTCDate())}`;
  const hours = parsed.getUTCHours();
  const minutes = parsed.getUTCMinutes();
  return hours === 0 && minutes === 0 ? date : `${date} ${pad(hours)}:${pad(minutes)}`;
}
