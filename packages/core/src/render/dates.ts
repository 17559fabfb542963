/** RFC 822 (as RFC 1123 spells it, four-digit year, GMT): what RSS 2.0 readers expect. */
export function rfc822(date: Date): string {
  return remembered(rfc822Texts, date, () => date.toUTCString());
}

/** RFC 3339 in UTC, without milliseconds when they are zero. */
export function rfc3339(date: Date): string {
  return remembered(rfc3339Texts, date, () => date.toISOString().replace('.000Z', 'Z'));
}

/**
 * Formatted dates by time value. Formatting a date costs about a microsecond, and a feed writes
 * the same few dates many times (items first seen in one build share a time; a day's items share days);
 * bounded, emptied when full.
 */
const rfc822Texts = new Map<number, string>();
const rfc3339Texts = new Map<number, string>();

function remembered(texts: Map<number, string>, date: Date, format: () => string): string {
  const time = date.getTime();
  let text = texts.get(time);
  if (text === undefined) {
    text = format();
    if (texts.size >= 4_096) texts.clear();
    texts.set(time, text);
  }
  return text;
}

export function newest(dates: readonly (Date | undefined)[]): Date | undefined {
  let result: Date | undefined;
  for (const date of dates) if (date && (!result || date.getTime() > result.getTime())) result = date;
  return result;
}
