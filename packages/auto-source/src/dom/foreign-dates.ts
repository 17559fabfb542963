import { parseTime } from '@pagefeed/core';
import { findItemDateText } from '../util/dates.js';

/**
 * A date text that holds another item's title is that item's, not this one's: on a grid of promo
 * cards where an item's card shows no date, the card search can reach a neighbour's headline
 * ("Returns Tuesday Feb 25 after the Olympics…") and give it to every undated card around it.
 * Structural (the list's own titles are the evidence; no word list): such a date is dropped, unless
 * the text also holds the item's own title (a list whose titles are their dates, or repeat).
 */
export function dropForeignTitleDates(drafts: { title?: string | undefined; published_at?: Date | string | undefined }[]): void {
  const titles = drafts.map((draft) => normalised(draft.title ?? ''));
  drafts.forEach((draft, index) => {
    if (typeof draft.published_at !== 'string') return;
    const text = normalised(draft.published_at);
    const own = titles[index]!;
    if (own.length > 0 && text.includes(own)) return;
    if (titles.some((title, other) => other !== index && title.length >= MIN_TITLE && holdsDateIn(text, title))) delete draft.published_at;
  });
}

/**
 * Whether `text` holds `title` and the date it gives lies inside it (the neighbour's headline
 * "Returns Tuesday Feb 25 …"). A title after the date is a place or a name beside it ("Added on
 * 12/06/2025 by an agent, North Kensington" beside an item titled "North Kensington"): the date stays.
 */
function holdsDateIn(text: string, title: string): boolean {
  const at = text.indexOf(title);
  if (at < 0) return false;
  const date = findItemDateText(text);
  if (date === undefined) return true;
  const dateAt = text.indexOf(date.toLowerCase());
  return dateAt < 0 || (dateAt + date.length > at && dateAt < at + title.length);
}

/** Titles shorter than this ("Video", "May 6") may be any text's part. */
const MIN_TITLE = 16;

function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * A date only one item of a long list shows is suspect: the rows of a list write their dates alike,
 * so a lone date text among eight or more undated items was found outside its row (a masthead's
 * "Sunday, August 2, 2026", a page header, another column's last post) and is dropped. A text
 * counts when core reads it as a date; a list with any machine date (`Date` value) is left alone.
 */
export function dropLoneDates(drafts: { published_at?: Date | string | undefined }[], now: Date = new Date()): void {
  if (drafts.length < LONG_LIST || drafts.some((draft) => draft.published_at instanceof Date)) return;
  // Only texts core reads as a date count ("Today's lead story" is none); two end the search.
  let lone: { published_at?: Date | string | undefined } | undefined;
  for (const draft of drafts) {
    const text = draft.published_at;
    if (typeof text !== 'string' || text.trim() === '' || parseTime(text, { now }) === undefined) continue;
    if (lone) return;
    lone = draft;
  }
  if (lone) delete lone.published_at;
}

/** Lists this long show the dates of their rows alike. */
const LONG_LIST = 8;
