const NUMERIC_DATE = /(?<![\d.\/-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d.\/-])/;

/**
 * Numeric dates such as "03/05/2024" or "05.12.15" are ambiguous; the other dates of the same list
 * often are not ("13/05/2024" can only be day first, "05.19.15" only month first). When the list
 * says which order it uses, every date of the list is rewritten as an ISO date in that order; when
 * it does not, the page's language decides later (in core). A list that contradicts itself is left
 * alone.
 *
 * A two-digit year ("05.19.15") proves only month first: "15.05.19" may be year first (a board's
 * "22/09/24", read so in core), so it proves nothing about day and month. Two-digit years are
 * written out as the nearest century's year not after next year.
 */
export function settleDayMonthOrder(drafts: { published_at?: Date | string | undefined }[], now: Date = new Date()): void {
  let dayFirst = false;
  let monthFirst = false;
  for (const draft of drafts) {
    const match = typeof draft.published_at === 'string' ? NUMERIC_DATE.exec(draft.published_at) : null;
    if (!match) continue;
    const first = Number(match[1]);
    const second = Number(match[3]);
    const fullYear = match[4]!.length === 4;
    if (fullYear && first > 12 && second <= 12) dayFirst = true;
    if (second > 12 && second <= 31 && first <= 12) monthFirst = true;
  }
  if (dayFirst === monthFirst) return;
  const nextYear = now.getUTCFullYear() + 1;
  for (const draft of drafts) {
    if (typeof draft.published_at !== 'string') continue;
    draft.published_at = draft.published_at.replace(NUMERIC_DATE, (all, first: string, _separator: string, second: string, year: string) => {
      const [day, month] = dayFirst ? [first, second] : [second, first];
      if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return all;
      const full = year.length === 4 ? year : String(2000 + Number(year) > nextYear ? 1900 + Number(year) : 2000 + Number(year));
      return `${full}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
    });
  }
}
