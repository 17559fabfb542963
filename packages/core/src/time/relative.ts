import { COUNT_WORDS, DAY_WORDS, NOW_WORDS, RELATIVE_UNITS, type RelativeUnit } from './vocabulary.js';
import { wallTimeAt, zonedTimeToInstant } from './time-zone.js';

/**
 * Relative dates as listing pages print them: "3 hours ago", "yesterday", "vor 2 Tagen",
 * "il y a 3 jours", "hace 2 horas", "7 menit yang lalu", "gestern, 14:30". Input is already folded (lower case, no
 * diacritics). Day words mean midnight of that day in the time zone unless a time follows.
 */
const COUNT = String.raw`(\d+|[a-z]+)`;
const UNIT = String.raw`([a-z]+)\.?`;
const ABOUT = String.raw`(?:about |around |etwa |ungefahr |environ |unos |unas |alrededor de )?`;
const AGO_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`^${ABOUT}${COUNT}\s*${UNIT}\s+ago$`),
  new RegExp(String.raw`^vor\s+${ABOUT}${COUNT}\s+${UNIT}$`),
  new RegExp(String.raw`^il y a\s+${ABOUT}${COUNT}\s+${UNIT}$`),
  new RegExp(String.raw`^hace\s+${ABOUT}${COUNT}\s+${UNIT}$`),
  // Indonesian and Malay: "7 menit yang lalu", "2 jam lalu" (sixteenth session).
  new RegExp(String.raw`^${COUNT}\s+${UNIT}\s+(?:yang\s+)?lalu$`),
];
const DAY_WORD_PATTERN = /^([a-z'-]+)(?:,?\s*(?:at|um|a|a las|vers)?\s*(\d{1,2})(?::|h|\.)(\d{2})(?:\s*uhr)?)?$/;

const UNIT_MS: Readonly<Partial<Record<RelativeUnit, number>>> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

export function parseRelative(text: string, now: Date, timeZone: string): Date | undefined {
  if (NOW_WORDS.has(text)) return new Date(now.getTime());
  return parseAgo(text, now) ?? parseDayWord(text, now, timeZone);
}

function parseAgo(text: string, now: Date): Date | undefined {
  for (const pattern of AGO_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const count = /^\d+$/.test(match[1] ?? '') ? Number(match[1]) : COUNT_WORDS.get(match[1] ?? '');
    const unit = RELATIVE_UNITS.get(match[2] ?? '');
    if (count === undefined || unit === undefined) return undefined;
    return subtract(now, count, unit);
  }
  return undefined;
}

function subtract(now: Date, count: number, unit: RelativeUnit): Date {
  const milliseconds = UNIT_MS[unit];
  if (milliseconds !== undefined) return new Date(now.getTime() - count * milliseconds);
  const result = new Date(now.getTime());
  if (unit === 'month') result.setUTCMonth(result.getUTCMonth() - count);
  else result.setUTCFullYear(result.getUTCFullYear() - count);
  return result;
}

function parseDayWord(text: string, now: Date, timeZone: string): Date | undefined {
  const match = DAY_WORD_PATTERN.exec(text);
  const offset = match ? DAY_WORDS.get(match[1] ?? '') : undefined;
  if (!match || offset === undefined) return undefined;
  const today = wallTimeAt(now.getTime(), timeZone);
  const hour = match[2] === undefined ? 0 : Number(match[2]);
  const minute = match[3] === undefined ? 0 : Number(match[3]);
  if (hour > 23 || minute > 59) return undefined;
  // Day arithmetic on the wall date; Date.UTC normalises day 0 or 32 into the neighbouring month.
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
  return new Date(
    zonedTimeToInstant(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute, second: 0, millisecond: 0 },
      timeZone,
    ),
  );
}
