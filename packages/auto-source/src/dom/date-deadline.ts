import type { Element } from 'domhandler';
import { attribute, isElement, isHeadingName } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { columnLabel } from './column-labels.js';

/**
 * A date whose role is a deadline: when applications close, an offer expires or a call ends. The
 * field truth's convention (`corpus/fields-own/README.md`) is that a deadline is not an item's
 * date; a job board that shows "Published" and "Deadline" dates the item by the first, and one
 * that shows only a deadline gives the item no date. Pages say so in several ways, all read here:
 *
 * - the class, id or `itemprop` of the date's element or an ancestor below the card
 *   (`job-date-deadline`, `closing-date`, `expires`, `itemprop="validThrough"`);
 * - its table column header (`<th>Sista ansökningsdag</th>`), one pass per table (`columnRoles`);
 * - a label in the cell before the date ("Apply by 3 May"), in the preceding sibling or `<dt>`,
 *   or in an `aria-label`/`title` of the date's element.
 */

/**
 * Deadline labels, in English, Swedish, Danish/Norwegian, German, French, Spanish, Italian, Dutch,
 * Finnish, Portuguese, Polish, Czech, Slovak, Russian, Korean, Japanese, Chinese. Sixteenth session: the closing of entries or
 * registrations ("Registration closes", "Entries close", German "Meldeschluss", "Nennschluss") and
 * a cut-off day ("Cut-off date", "Stichtag": the day an age or a rating is counted on), as an entry
 * list's columns show them beside each tournament.
 */
export const DEADLINE_LABEL = new RegExp(
  [
    '\\b(?:deadline|closing\\s+date|closes|close\\s+date|apply\\s+(?:by|before|until)|applications?\\s+(?:close|due|deadline|by|until)|last\\s+(?:date|day)\\s+(?:to|for|of)\\s+appl\\w*|last\\s+application\\s+date|expir(?:es|y|ation|ing)|expires?\\s+on|valid\\s+(?:until|through|till)|due\\s+(?:date|by)|end\\s+of\\s+application|(?:registrations?|entr(?:y|ies)|sign-?ups?)\\s+(?:closes?|deadline|ends?|until)|cut-?off\\s+date|(?:published|posted|listed|open|visible)\\s+(?:until|till|to)\\b(?!\\s+\\p{L}))',
    'sista\\s+(?:ansökningsdag|ansökningsdatum|dag\\s+att\\s+söka|dag\\s+för\\s+ansökan)|ansök\\s+senast|ansökningsdag|sök\\s+senast|publicerad\\s+(?:till|t\\.o\\.m)|öppen\\s+till|senast\\s+(?:den\\s+)?\\d',
    'ansøgningsfrist|søknadsfrist|frist',
    'bewerbungsfrist|bewerbungsschluss|einsendeschluss|bewerben\\s+bis|ablaufdatum|gültig\\s+bis|veröffentlicht\\s+bis|meldeschluss|nenn(?:ungs)?schluss|annahmeschluss|stichtag',
    'date\\s+limite|date\\s+de\\s+clôture|clôture|postuler\\s+avant|valable\\s+jusqu|expire',
    'fecha\\s+(?:límite|limite|de\\s+cierre)|plazo|cierre|vence',
    'scadenza|data\\s+di\\s+chiusura',
    'sluitingsdatum|uiterste\\s+(?:datum|reactiedatum)|geldig\\s+tot|reageren\\s+(?:voor|tot)|solliciteren\\s+(?:voor|tot)|deadline',
    'hakuaika\\s+päättyy|haku\\s+päättyy|viimeinen\\s+hakupäivä|hae\\s+viimeistään|voimassa|päättyy',
    'prazo|data\\s+limite|termin\\s+(?:składania|zgłosze)',
    // Czech, Slovak, Polish and Russian "valid until" (a classifieds badge's "Platí do 7.7. 2026").
    'platí\\s+do|platnost\\s+do|platí\\s+až\\s+do|ważne\\s+do|действ\\p{L}*\\s+до',
    // Korean, Japanese and Chinese closing labels before the date (seventeenth session: a job row's
    // "마감일 : 2026-04-01" above its "등록일 : 2026-03-18"): the closing day ("마감일", "접수마감",
    // "締切日", "応募締切", "截止日期"), or the bare closing word followed by a colon.
    '(?:접수|채용|모집|신청)\\s*마감|마감\\s*(?:일자?|기한|날짜)|마감\\s*[:：]|(?:応募|申込|受付)?締め?切り?日?\\s*[:：]|締切日|応募締切|截止(?:日期|时间|時間|日)|截止\\s*[:：]',
  ].join('|'),
  'iu',
);

/** A text that is one date (digits, its weekday, a time) and a Korean, Japanese or Chinese closing word after it. */
const CJK_TRAILING_DEADLINE = /^[~〜～\s]*\d[\d\s/.:年月日년월일-]*(?:[(（]\p{L}{1,3}[)）])?[\d\s:]*(?:마감|締め?切り?|截止)\s*$/u;

/** Class, id or itemprop of a deadline's element (`job-date-deadline`, `closingDate`, `expires`, `validThrough`). */
const DEADLINE_CLASS = /deadline|closing|expir|valid[-_]?(?:through|until)|apply[-_]?by|sista[-_]?dag|frist/i;

/** Whether `element` (a date inside the card `root`) is a deadline, by any channel above. */
export function isDeadline(element: Element, root: Element): boolean {
  let node: Element | null = element;
  for (let level = 0; node && level < 6; level += 1) {
    if (node !== root && classedDeadline(node)) return true;
    if (level <= 2 && labelledDeadline(node, node === root)) return true;
    if (node.name === 'td' || node.name === 'th') return columnRole(node) === 'deadline';
    if (node === root) break;
    node = node.parent && isElement(node.parent) ? node.parent : null;
  }
  return false;
}

/**
 * A label of the date in `node` itself (its `aria-label`/`title`, the start of its short text) or,
 * when `node` is not the card, in its preceding sibling element (`<dt>Deadline</dt><dd>3 May</dd>`,
 * `<span>Apply by</span> <span>3 May</span>`).
 */
function labelledDeadline(node: Element, isRoot: boolean): boolean {
  if (isRoot) return false;
  if (labelledByAttribute(node)) return true;
  const text = textOf(node, 81);
  // The label opens the date's own short text ("Application deadline: 2025-12-16"), or, in
  // Korean, Japanese and Chinese, closes it ("12/03(수) 마감", "6/30 締切", "6月30日截止").
  // A cell of several dated parts ("<p>마감일 : 2026-04-01</p><p>등록일 : 2026-03-18</p>") is not
  // labelled by its first part's label: each part is read on its own.
  if (text.length <= 80 && ((startsWithLabel(text) && !holdsDatedParts(node)) || CJK_TRAILING_DEADLINE.test(text))) return true;
  const previous = previousElement(node);
  if (previous === undefined) return false;
  // A short label, not a title or heading that speaks of a deadline ("Tax deadline approaching").
  if (isHeadingName(previous.name) || previous.name === 'a') return false;
  const label = textOf(previous, 41);
  return label.length <= 40 && (label.match(/[\p{L}\d]+/gu)?.length ?? 0) <= 4 && !/\d/.test(label) && DEADLINE_LABEL.test(label);
}

/**
 * Whether `element` (inside the card `root`) is a line or cell of several dated parts one of which
 * is a deadline ("<p>마감일 : 2026-04-01</p><p>등록일 : 2026-03-18</p>"): read part by part, so that
 * the deadline is skipped and the other date taken.
 */
export function holdsDeadlinePart(element: Element, root: Element): boolean {
  return holdsDatedParts(element) && element.children.some((child) => isElement(child) && /\d/.test(textOf(child, 81)) && isDeadline(child, root));
}

/** Whether at least two child elements of `node` hold a digit (the parts of a cell, each with its own label). */
function holdsDatedParts(node: Element): boolean {
  let parts = 0;
  for (const child of node.children) if (isElement(child) && /\d/.test(textOf(child, 81)) && (parts += 1) >= 2) return true;
  return false;
}

/**
 * Whether the element's class, id or `itemprop` names a deadline (`DEADLINE_CLASS` on the three
 * joined by spaces). Most elements of a card have none of them: their joined text, spaces only,
 * cannot match, so no string is made for them (asked of every ancestor of every date read).
 */
function classedDeadline(node: Element): boolean {
  const classValue = attribute(node, 'class');
  const id = attribute(node, 'id');
  const itemprop = attribute(node, 'itemprop');
  if (!classValue && !id && !itemprop) return false;
  return DEADLINE_CLASS.test(`${classValue ?? ''} ${id ?? ''} ${itemprop ?? ''}`);
}

/** Whether the element's `aria-label` or `title` (joined by a space, as a reader hears them) is a deadline label. */
function labelledByAttribute(node: Element): boolean {
  const label = attribute(node, 'aria-label');
  const title = attribute(node, 'title');
  if (!label && !title) return false;
  return DEADLINE_LABEL.test(`${label ?? ''} ${title ?? ''}`);
}

/** Whether a deadline label comes before the first digit of `text`. */
function startsWithLabel(text: string): boolean {
  const digit = text.search(/\d/);
  const head = digit < 0 ? text : text.slice(0, digit);
  return head.length <= 50 && DEADLINE_LABEL.test(head);
}

function previousElement(node: Element): Element | undefined {
  for (let sibling = node.prev; sibling; sibling = sibling.prev) if (isElement(sibling)) return sibling;
  return undefined;
}

type ColumnRole = 'deadline' | 'other';

/** The role of a cell's column, from the label its table's header gives it (`other` when it has none). */
export function columnRole(cell: Element): ColumnRole {
  const label = columnLabel(cell);
  return label !== undefined && label.length > 0 && DEADLINE_LABEL.test(label) ? 'deadline' : 'other';
}
