/** RFC 822 (as RFC 1123 spells it, four-digit year, GMT): what RSS 2.0 readers expect. */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/** RFC 3339 in UTC, without milliseconds when they are zero. */
export function rfc3339(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

export function newest(dates: readonly (Date | undefined)[]): Date | undefined {
  let result: Date | undefined;
  for (const date of dates) if (date && (!result || date.getTime() > result.getTime())) result = date;
  return result;
}
