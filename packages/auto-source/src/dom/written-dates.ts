import { findItemDateText } from '../util/dates.js';
import { weekdayOf } from './weekday-years.js';
import { createExtractionMemo } from '../util/extraction-memo.js';

// Issue 17, fifteenth session: a date as a page writes it beside an item — with its weekday, its
// time of day, a one-word label ("Released:") or as a post's age ("1h") — is a date stamp, never
// the item's headline. `notAHeadline` (title-text.ts) already reads a bare date; these are the
// same dates dressed as pages show them.

/** A time of day ("7:00 PM", "09:13", "21h30", "11:29am"), with the zone written after it. */
const TIME_OF_DAY = /(?<![\d:])\d{1,2}(?::\d{2}|h\d{2})(?::\d{2})?(?:\s*[aApP]\.?\s?[mM]\.?)?(?:\s*(?:[+-]\d{2}:?\d{2}|UTC|GMT|[A-Z]{1,3}T)\b)?(?![\d:])/gu;
/** A post's age as a feed shows it: "1h", "23h", "5m", "2d", "3w". */
const AGE = /^\d{1,3}\s?(?:s|m|min|h|hr|d|w|mo|y)$/i;
/** A month and day in figures ("4/26", "26.4."): a date only beside a weekday or a time of day. */
const FIGURE_DAY = /^(?:0?[1-9]|[12]\d|3[01])[/.](?:0?[1-9]|[12]\d|3[01])\.?$/;
/** One word and a colon before a date: "Released:", "Posted:". */
const LABEL = /^\p{L}{2,20}\s*:\s*/u;

/**
 * Whether `text` is a date stamp dressed as pages write one: a date with its weekday ("Wednesday
 * 17 November 2021", "Sat, Apr 6"), its time of day ("09:13, 9 July 2014", "4/26 7:00 PM"), a
 * one-word label ("Released: November 23, 2020"), a weekday or time alone ("Fri", "7:00 PM"), or
 * a post's age ("1h"). A headline that names a date among other words ("Remembering September 11,
 * 2001", "Agenda June 20, 2019") is not one.
 *
 * Kept per extraction (a pure function of the text): a page's titles are asked again by the title
 * checks of every candidate list and by the title refinement (sixteenth session).
 */
export const dressedDate: (text: string) => boolean = createExtractionMemo(readDressedDate);

/** `dressedDate` without its memo. */
function readDressedDate(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 60) return false;
  if (AGE.test(trimmed)) return true;
  let dressed = false;
  let rest = trimmed.replace(TIME_OF_DAY, () => {
    dressed = true;
    return ' ';
  });
  const words = rest.split(/\s+/).filter((word) => {
    const bare = word.replace(/^[\s,.;·•|()（）–—-]+|[\s,.;·•|–—-]+$/gu, '');
    if (bare !== '' && weekdayOf(bare) !== undefined && bare.replace(/[(（）)]/gu, '').length <= 12) {
      dressed = true;
      return false;
    }
    return true;
  });
  rest = words.join(' ').replace(/^[\s,.;·•|–—-]+|[\s,.;·•|–—@-]+$/gu, '').trim();
  const unlabelled = rest.replace(LABEL, '');
  if (unlabelled !== rest && unlabelled !== '') {
    dressed = true;
    rest = unlabelled;
  }
  if (!dressed) return false;
  if (rest === '' || FIGURE_DAY.test(rest)) return true;
  const date = findItemDateText(rest);
  return date !== undefined && /\d/.test(date) && date.length >= rest.length * 0.8;
}
