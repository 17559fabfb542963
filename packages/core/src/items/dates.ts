import { parseTime } from '../time/index.js';

/** A draft's date as a valid Date, or undefined with the reason. */
export function toDate(value: Date | string | undefined, timeZone: string | undefined, locale?: string): { date?: Date; problem?: string } {
  if (value === undefined) return {};
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { problem: 'is an invalid date' } : { date: value };
  const text = value.trim();
  if (text === '') return {};
  const date = parseTime(text, { timeZone, locale });
  return date ? { date } : { problem: `"${text}" is not a date pagefeed understands` };
}
