import { wallTimeAt, zonedTimeToInstant } from './time-zone.js';

/**
 * Relative dates in languages chrono-node (2.10.3, its latest release) has no "ago" parser for:
 * Japanese "3日前", "5時間前", Chinese "3天前", "2小时前", "1個月前", Korean "2시간 전", "3일 전",
 * "어제" (chrono-node has no Korean locale at all) and Swedish "för 3 dagar sedan" (its Swedish
 * reads "igår" but not "sedan"). Italian and Dutch ("2 giorni fa", "3 dagen geleden") are read by
 * chrono-node's own locales (natural.ts). A small table of units here rather than a second date
 * library: these are the only shapes missing, and each is one regular expression.
 *
 * Read on the text as written (NFC), not the folded one: folding decomposes Hangul syllables.
 */
type Unit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const UNIT_MS: Readonly<Record<Exclude<Unit, 'month' | 'year'>, number>> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

/** CJK units, longest first so "時間" wins over "時". */
const CJK_UNITS: readonly (readonly [string, Unit])[] = [
  ['秒钟', 'second'], ['秒鐘', 'second'], ['秒', 'second'],
  ['分钟', 'minute'], ['分鐘', 'minute'], ['分', 'minute'],
  ['時間', 'hour'], ['小时', 'hour'], ['小時', 'hour'], ['个小时', 'hour'], ['個小時', 'hour'],
  ['週間', 'week'], ['星期', 'week'], ['个星期', 'week'], ['個星期', 'week'], ['周', 'week'], ['週', 'week'],
  ['か月', 'month'], ['ヶ月', 'month'], ['ヵ月', 'month'], ['カ月', 'month'], ['个月', 'month'], ['個月', 'month'],
  ['天', 'day'], ['日', 'day'], ['年', 'year'],
  ['초', 'second'], ['분', 'minute'], ['시간', 'hour'], ['일', 'day'], ['주', 'week'], ['주일', 'week'], ['개월', 'month'], ['달', 'month'], ['년', 'year'],
];
const CJK_UNIT_PATTERN = CJK_UNITS.map(([word]) => word).sort((a, b) => b.length - a.length).join('|');
/** "3日前", "3 天前", "2시간 전", "약 3시간 전" (about). */
const CJK_AGO = new RegExp(`^(?:約|约|약\\s*)?(\\d+)\\s*(${CJK_UNIT_PATTERN})\\s*(?:前|전)$`, 'u');

/** Korean day words (Japanese and Chinese ones are chrono-node's). */
const KOREAN_DAYS: ReadonlyMap<string, number> = new Map([['오늘', 0], ['어제', -1], ['그저께', -2], ['그제', -2]]);

const SWEDISH_UNITS: ReadonlyMap<string, Unit> = new Map([
  ['sekund', 'second'], ['sekunder', 'second'], ['minut', 'minute'], ['minuter', 'minute'],
  ['timme', 'hour'], ['timmar', 'hour'], ['dag', 'day'], ['dagar', 'day'], ['vecka', 'week'], ['veckor', 'week'],
  ['månad', 'month'], ['månader', 'month'], ['år', 'year'],
]);
const SWEDISH_COUNTS: ReadonlyMap<string, number> = new Map([['en', 1], ['ett', 1], ['två', 2], ['tre', 3]]);
const SWEDISH_AGO = /^(?:för\s+)?(?:ungefär\s+|cirka\s+|ca\.?\s+)?(\d+|en|ett|två|tre)\s+(\p{L}+)\s+sedan$/u;

/** The time `text` names relative to `now`, or undefined. */
export function parseMoreRelative(given: string, now: Date, timeZone: string): Date | undefined {
  const text = given.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  const cjk = CJK_AGO.exec(text);
  if (cjk) {
    const unit = CJK_UNITS.find(([word]) => word === cjk[2])?.[1];
    return unit === undefined ? undefined : before(now, Number(cjk[1]), unit);
  }
  const days = KOREAN_DAYS.get(text);
  if (days !== undefined) return dayStart(now, days, timeZone);
  const swedish = SWEDISH_AGO.exec(text);
  if (swedish) {
    const count = /^\d+$/.test(swedish[1]!) ? Number(swedish[1]) : SWEDISH_COUNTS.get(swedish[1]!);
    const unit = SWEDISH_UNITS.get(swedish[2]!);
    return count === undefined || unit === undefined ? undefined : before(now, count, unit);
  }
  return undefined;
}

function before(now: Date, count: number, unit: Unit): Date {
  if (unit !== 'month' && unit !== 'year') return new Date(now.getTime() - count * UNIT_MS[unit]);
  const result = new Date(now.getTime());
  if (unit === 'month') result.setUTCMonth(result.getUTCMonth() - count);
  else result.setUTCFullYear(result.getUTCFullYear() - count);
  return result;
}

/** Midnight of the day `offset` days from today, in the time zone. */
function dayStart(now: Date, offset: number, timeZone: string): Date {
  const today = wallTimeAt(now.getTime(), timeZone);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
  return new Date(zonedTimeToInstant({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone));
}
