import type { AnyNode, Element } from 'domhandler';
import { attribute, isElement } from '../util/dom.js';

/**
 * Dates shown as a bare month and day ("7-3", "7/3", "03.07."): no year, and no month name to say
 * which number is the month. They are read only when they are the whole text of an element that a
 * page marks as a date or time (class, id, `title`, `itemprop` naming one), so a page counter
 * ("1/5") or a score ("3-1") stays what it is. The order is decided from the list's other such
 * dates (a first number above 12 can only be a day), else from the page's language (month first in
 * Chinese, Japanese, Korean and US English; day first elsewhere) — the dotted shape with its
 * trailing dot is always day first. They are rewritten as ISO 8601's year-less `--MM-DD`, which
 * the list's, the page's or the HTTP header's year completes later (`withYear`, core's parser).
 */
const BARE = /^(\d{1,2})([-/.])(\d{1,2})(\.?)$/;

/** What marks an element (or its parent) as a date: class, id, title, itemprop, in several languages ("data", "day" left out: a table cell of class "data" holds scores and fractions). */
const DATE_HINT = /date|time|datum|zeit|fecha|日期|时间|時間|日付|날짜|дата/i;

export type DayMonthOrder = 'day-first' | 'month-first';

/** The order the page's language writes a month and day in, recorded per draft for `settleMonthDays`. */
const orders = new WeakMap<object, DayMonthOrder>();

/** Whether `text` is a bare month-day its element marks as a date. */
export function hintedMonthDay(element: Element, text: string): boolean {
  const match = BARE.exec(text.trim());
  if (!match || (match[2] === '.' && match[4] !== '.') || (match[2] !== '.' && match[4] === '.')) return false;
  for (let node: Element | undefined = element, level = 0; node && level < 2; level += 1, node = node.parent && isElement(node.parent) ? node.parent : undefined) {
    const marks = `${attribute(node, 'class') ?? ''} ${attribute(node, 'id') ?? ''} ${attribute(node, 'title') ?? ''} ${attribute(node, 'itemprop') ?? ''}`;
    if (node.name === 'time' || DATE_HINT.test(marks)) return true;
  }
  return false;
}

/** Records the page's order for a draft whose date is a bare month-day. */
export function noteMonthDayOrder(draft: object, date: string, member: Element): void {
  if (BARE.test(date.trim())) orders.set(draft, orderOfLanguage(pageLanguage(member)));
}

/** Kept on the page's root under a symbol, as the package's other per-page memos (see util/dom.ts). */
const LANGUAGE = Symbol('pagefeed.autoSource.language');
type LanguageRoot = AnyNode & { [LANGUAGE]?: string };

/** The `<html lang>` of the member's page ('' without one), found once per document. */
export function pageLanguage(member: Element): string {
  let root: AnyNode = member;
  while (root.parent) root = root.parent;
  let language = (root as LanguageRoot)[LANGUAGE];
  if (language === undefined) {
    language = '';
    for (const child of (root as { children?: AnyNode[] }).children ?? []) {
      if (isElement(child) && child.name === 'html') language = (attribute(child, 'lang') ?? attribute(child, 'xml:lang') ?? '').trim().toLowerCase();
    }
    (root as LanguageRoot)[LANGUAGE] = language;
  }
  return language;
}

function orderOfLanguage(language: string): DayMonthOrder {
  const primary = language.split(/[-_]/)[0] ?? '';
  if (primary === '' || ['zh', 'ja', 'ko'].includes(primary) || language === 'en' || language.startsWith('en-us')) return 'month-first';
  return 'day-first';
}

/**
 * Rewrites every bare month-day date of the list as `--MM-DD`. A list whose dates say which order
 * they use (a number above 12) is read in that order; one that contradicts itself is left alone
 * (no date is better than a wrong one: core cannot read the bare shapes).
 */
export function settleMonthDays(drafts: { published_at?: Date | string | undefined }[]): void {
  let dayFirst = false;
  let monthFirst = false;
  const found: [typeof drafts[number], number, number, string][] = [];
  for (const draft of drafts) {
    const match = typeof draft.published_at === 'string' ? BARE.exec(draft.published_at.trim()) : null;
    if (!match) continue;
    const first = Number(match[1]);
    const second = Number(match[3]);
    found.push([draft, first, second, match[2]!]);
    if (first > 12 && second <= 12) dayFirst = true;
    if (second > 12 && first <= 12) monthFirst = true;
  }
  if (found.length === 0 || (dayFirst && monthFirst)) return;
  for (const [draft, first, second, separator] of found) {
    const order: DayMonthOrder = dayFirst ? 'day-first' : monthFirst ? 'month-first' : separator === '.' ? 'day-first' : orders.get(draft) ?? 'month-first';
    const [month, day] = order === 'day-first' ? [second, first] : [first, second];
    if (month < 1 || month > 12 || day < 1 || day > 31) continue;
    draft.published_at = `--${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
}
