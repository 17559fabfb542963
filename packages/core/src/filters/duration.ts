/** `max_age` values: a whole number and a unit, e.g. 30d, 12h, 2w, 90m, 45s. */
const DURATION = /^\s*(\d{1,7})\s*(s|m|h|d|w)\s*$/i;
const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** Seconds, or undefined when `value` is not a duration. */
export function parseDuration(value: string): number | undefined {
  const match = DURATION.exec(value);
  if (!match) return undefined;
  const seconds = Number(match[1]) * (UNIT_SECONDS[(match[2] as string).toLowerCase()] as number);
  return seconds > 0 ? seconds : undefined;
}

export const DURATION_HINT = 'write a whole number and a unit: s, m, h, d or w (e.g. 30d, 12h)';
