// A link's date on its own line of preformatted text (an episode guide's `<pre>` table); split from
// item-date.ts, which calls it with the option `preformattedLines`.
import type { Element } from 'domhandler';
import { parseTime } from '@pagefeed/core';
import { isElement } from '../util/dom.js';
import { findItemDateText, writesYear } from '../util/dates.js';

/**
 * In preformatted text each line is a row: a link member's date is written before it on its own
 * line ("3. 1-3 06 Oct 04 <a>Tabula Rasa</a>" in an episode guide's `<pre>` table), the date of the
 * text from the line's start up to the link (fourteenth session). Only inside `<pre>` (within three
 * levels), only a line of at most 60 characters, only a fragment core reads as a date. With the
 * option `preformattedLines` only (off by default: it moves one repository of the development pages).
 */
export function dateOnPreformattedLine(member: Element): string | undefined {
  if (member.name !== 'a' || !member.prev || member.prev.type !== 'text') return undefined;
  let inside = false;
  for (let node = member.parent, level = 0; node && isElement(node) && level < 3; node = node.parent, level += 1) {
    if (node.name === 'pre') inside = true;
  }
  if (!inside) return undefined;
  const data = (member.prev as unknown as { data: string }).data;
  const line = data.slice(data.lastIndexOf('\n') + 1).replace(/\s+/g, ' ').trim();
  if (line.length < 6 || line.length > 60 || !/\d/.test(line)) return undefined;
  const fragment = findItemDateText(line)?.trim();
  const date = fragment === undefined ? undefined : parseTime(fragment);
  if (fragment === undefined || date === undefined) return undefined;
  // "06 Oct 04", "12/Nov/96": a two-digit year after the month word, which the list's year
  // completion would not see as a year and write another after: the day core reads, as an ISO date.
  return !writesYear(fragment) && /\p{L}\.?[\s/-]+\d{2}$/u.test(fragment) ? date.toISOString().slice(0, 10) : fragment;
}
