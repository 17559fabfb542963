import { parseTime } from '@pagefeed/core';

const DAY = 86_400_000;

/**
 * Dates that depend on the day they are read ("3 days ago", "gestern", "il y a 2 heures", a
 * weekday, a time of day without a day) are read against the date the page states in its markup
 * (`article:modified_time`, JSON-LD `dateModified`: see `pageStatedDate`), not against the build
 * time, when that date is more than a day before the build: a page saved in 2015 that says
 * "3 days ago" means three days before its own date, never three days before today. Which texts
 * are relative is decided by reading each one twice, against the build time and against the
 * page's date: a text whose reading moves with its reference is relative (no word list). Without
 * a stated page date nothing changes (core reads them against the build time, which for a page
 * fetched live is the page's time); a copyright year is no statement of the page's day.
 */
export function readRelativeFromPage(drafts: { published_at?: Date | string | undefined }[], stated: Date | undefined, now: Date = new Date()): void {
  if (stated === undefined || now.getTime() - stated.getTime() <= DAY) return;
  for (const draft of drafts) {
    const text = draft.published_at;
    if (typeof text !== 'string') continue;
    const fromNow = parseTime(text, { now });
    const fromPage = parseTime(text, { now: stated });
    if (!fromNow || !fromPage || fromNow.getTime() === fromPage.getTime()) continue;
    // Never after the page's own date by more than a day (a stated date is the latest it shows).
    if (fromPage.getTime() > stated.getTime() + DAY) continue;
    draft.published_at = fromPage.toISOString();
  }
}
