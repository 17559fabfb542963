import { FeedError } from '../contracts/errors.js';

/**
 * Wall-clock time ↔ instant conversion for IANA time zones with nothing but `Intl`, so core loads
 * no date library. DST gaps and overlaps follow Temporal's `compatible` rule: a wall time that
 * does not exist (spring forward) moves forward by the gap, an ambiguous one (fall back) takes the
 * earlier instant.
 */
export interface WallTime {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const DAY_MS = 86_400_000;

function formatterFor(timeZone: string, path?: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  } catch (error) {
    const where = path ? ` at ${path}` : '';
    throw new FeedError('ConfigurationInvalid', `Unknown time zone "${timeZone}"${where}`, {
      ...(path === undefined ? {} : { path }),
      hint: 'use an IANA time zone name such as "UTC", "Europe/Berlin" or "America/New_York"',
      cause: error,
    });
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

let canonicalZones: ReadonlySet<string> | undefined;

/**
 * True when `Intl` knows `timeZone`, for checking configs. The first `Intl.DateTimeFormat` with a
 * time zone loads ICU's zone data (about 15–25 ms CPU in a fresh process, most of `pagefeed
 * validate`'s own work), so the canonical IANA names come first from `Intl.supportedValuesOf`
 * (2–3 ms); a name not among them (`UTC`, aliases such as `US/Eastern`, other spellings) is
 * decided by `Intl.DateTimeFormat` as before, so the answer is the same (`time-zone-name.test.ts`).
 */
export function isTimeZoneName(timeZone: string): boolean {
  // ECMA-402 requires every implementation to know UTC; supportedValuesOf does not list it.
  if (timeZone === 'UTC') return true;
  canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (canonicalZones.has(timeZone) || formatters.has(timeZone)) return true;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Throws `ConfigurationInvalid` naming the path when `timeZone` is not a known IANA name. */
export function assertTimeZone(timeZone: string, path?: string): void {
  formatterFor(timeZone, path);
}

/**
 * `assertTimeZone` for checking a config that will not convert times in this process (`pagefeed
 * validate`): a canonical name is accepted through `isTimeZoneName` without building a formatter
 * (the first one loads ICU's zone data, about 15 ms CPU); any other name goes to `formatterFor`,
 * which throws the same `ConfigurationInvalid` as `assertTimeZone`.
 */
export function checkTimeZone(timeZone: string, path?: string): void {
  if (!isTimeZoneName(timeZone)) formatterFor(timeZone, path);
}

/** The wall-clock time in `timeZone` at `instant` (milliseconds since the epoch). */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  const era = parts['era'] ?? 'AD';
  const rawYear = Number(parts['year']);
  return {
    year: era.startsWith('B') ? 1 - rawYear : rawYear,
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
    millisecond: ((instant % 1000) + 1000) % 1000,
  };
}

function wallAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return date.getTime();
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (Berlin in summer: +7_200_000). */
export function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  return wallAsUtc({ ...wall, millisecond: 0 }) - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant at which the clocks in `timeZone` show `wall`. */
export function zonedTimeToInstant(wall: WallTime, timeZone: string): number {
  const local = wallAsUtc(wall);
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return local;
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const valid = [before, after].filter((offset) => offsetAt(local - offset, timeZone) === offset);
  // Both valid and different: an ambiguous wall time; the earlier instant has the larger offset.
  if (valid.length > 0) return local - Math.max(...valid);
  // Neither: the wall time falls in a gap; the offset in force before it pushes it forward.
  return local - before;
}
