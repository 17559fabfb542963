/**
 * Links that lead to the page of a day (issue #16, tenth session): a schedule's or calendar's date
 * cell linked to that day's page (`/boxes/?date=2017-04-02`, `index.cgi?month=10&day=25&year=2016`,
 * `/calendar/exact_date~10-17-2022/`) or to a time-zone converter for the start time
 * (`fixedtime.html?iso=20260530T2100`). Such a link is unique to its row as long as each row has its
 * own date, yet it leads to everything on that day (or to a helper), not to the item: across the rows
 * the URLs differ only by the date they write. Structure only: no host, class or word is named.
 */

/** Share of the links whose URL, the date taken out, must be one address. */
const SAME_TEMPLATE = 0.9;
/** Share of the links whose text must be short and hold a digit (the date as people read it). */
const DATE_TEXTS = 0.6;
/** Longest text a date cell's link has ("Tuesday, October 25, 2016 7:30 pm"). */
const DATE_TEXT_LENGTH = 40;

/** A full numeric date in a URL, year first (2017-04-02, 20170402, 20260530T2100) or last (10-17-2022). */
const YEAR_FIRST = /(?<!\d)(?:19|20)\d\d([-_/.]?)(?:0[1-9]|1[0-2])\1(?:0[1-9]|[12]\d|3[01])(?:[T_ -]?\d\d(?::?\d\d){1,2})?(?!\d)/;
const YEAR_LAST = /(?<!\d)\d{1,2}([-_/.])\d{1,2}\1(?:19|20)\d\d(?!\d)/;
/** Day, month and year as query values (`month=10&day=25&year=2016`). */
const DAY_KEYS = /([?&;])(year|month|day|yy|mm|dd|y|m|d)=\d{1,4}(?=&|;|#|$)/gi;

/** The URL with its date taken out, and the date; undefined when it writes no full date. */
export function withoutDate(url: string): { template: string; date: string } | undefined {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // A malformed escape: read the URL as written.
  }
  for (const pattern of [YEAR_FIRST, YEAR_LAST]) {
    const match = pattern.exec(decoded);
    if (match) return { template: decoded.slice(0, match.index) + '{date}' + decoded.slice(match.index + match[0].length), date: match[0] };
  }
  const keys: string[] = [];
  const parts: string[] = [];
  const template = decoded.replace(DAY_KEYS, (whole, separator: string, key: string) => {
    keys.push(key.toLowerCase()[0]!);
    parts.push(whole);
    return `${separator}${key}={n}`;
  });
  // Day and month at least: a year alone or a page number is not a day.
  if (keys.includes('d') && keys.includes('m')) return { template, date: parts.join('') };
  return undefined;
}

/**
 * Whether links (one per row) lead to the pages of the rows' days: their texts are short and hold a
 * digit, and their URLs, each row's date taken out, are one address while the dates differ.
 */
export function leadsToDayPages(links: readonly { readonly url: string; readonly text: string }[]): boolean {
  if (links.length < 3) return false;
  let dated = 0;
  for (const link of links) {
    const text = link.text.trim();
    if (text.length > 0 && text.length <= DATE_TEXT_LENGTH && /\d/.test(text)) dated += 1;
  }
  if (dated < links.length * DATE_TEXTS) return false;
  return differOnlyByDate(links.map((link) => link.url));
}

/** Whether the URLs, each one's date taken out, are one address while the dates differ. */
export function differOnlyByDate(urls: readonly string[]): boolean {
  if (urls.length < 3) return false;
  const templates = new Map<string, number>();
  const dates = new Set<string>();
  for (const url of urls) {
    const parts = withoutDate(url);
    if (!parts) continue;
    templates.set(parts.template, (templates.get(parts.template) ?? 0) + 1);
    dates.add(parts.date);
  }
  const most = Math.max(0, ...templates.values());
  // Several games on one day share its page; most rows still have a day of their own.
  return most >= urls.length * SAME_TEMPLATE && dates.size >= 3 && dates.size >= most * 0.5;
}
