import type { AnyNode, Element } from 'domhandler';
import { attribute, isHeadingName, pageElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { ownTextLength } from './article-page.js';
import { isReadingChrome } from './article-reading.js';

/**
 * Facts for the article gate about the page's main subject as a person sees it (thirteenth
 * session, issue #16). A single page shows one thing under its main heading — a product with its
 * price, a match with its score, a record or a story with its body and sub-sections — and its
 * "list" comes after that, under a heading of its own ("related", "line-ups", "other companies").
 * A list page's repeated items stand right under the main heading: the items are the content, and
 * the page often offers more of them on numbered pages.
 *
 * - `headingsBefore`: log10(1 + headings between the main heading and the candidate's first member);
 * - `textBefore`: log10(1 + visible characters between them);
 * - `figureBefore`: 1 when a short text between them reads as a price or a score (the subject's
 *   own figure), else 0;
 * - `pager`: 1 when the page links to a next page (`rel="next"`) or shows a run of numbered page
 *   links, else 0;
 * - `aboveHeading`: 1 when the candidate starts above the main heading (a menu or a strip over the
 *   page's title), else 0;
 * - `dataTable`: share of the members that are rows of a table with a header row (`thead`, or `th`
 *   cells in its first row) — a fixtures table, a chapter table, a meetings table is read row by
 *   row as the page's content.
 *
 * "Main heading" = the first `h1` outside the chrome (`aside`, `footer`, `nav`, `menu`, dialogs,
 * hidden subtrees), the page header and the members; without one, the first heading there. When it
 * comes after the first member (or there is none), the facts before it are 0. Observed for fitting only
 * (computed when a model reads one of them or an observer asks). Nothing here names a site, a URL
 * or a class; a price is read by currency signs, a score by two small numbers and a dash or colon.
 */
export interface SubjectFacts {
  readonly headingsBefore: number;
  readonly textBefore: number;
  readonly figureBefore: number;
  readonly pager: number;
  readonly aboveHeading: number;
  readonly dataTable: number;
}

/** The facts' names, in the gate's input order. */
export const SUBJECT_FACTS = ['headingsBefore', 'textBefore', 'figureBefore', 'pager', 'aboveHeading', 'dataTable'] as const;

export const NO_SUBJECT_FACTS: SubjectFacts = { headingsBefore: 0, textBefore: 0, figureBefore: 0, pager: 0, aboveHeading: 0, dataTable: 0 };

/** A figure's text is short: a price tag or a scoreboard, not a sentence that mentions one. */
const FIGURE_TEXT = 24;
const CURRENCY = /[$€£¥₩₽₹₺₴₪฿₫]\s?\d|\d\s?(?:[$€£¥₩₽₹₺₴₪฿₫]|zł|kr|Kč|Ft|lei|руб|грн|元|円|원)(?!\w)/i;
const SCORE = /^\(?\d{1,3}\s?[-–:]\s?\d{1,3}\)?$/;
const PAGE_NUMBER = /^\s*\d{1,3}\s*$/;

function isFigure(text: string): boolean {
  if (text.length > FIGURE_TEXT) return false;
  const trimmed = text.trim();
  return trimmed.length > 0 && (CURRENCY.test(trimmed) || SCORE.test(trimmed));
}

function ownText(element: Element): string {
  let text = '';
  for (const child of element.children) if (child.type === 'text') text += (child as unknown as { data: string }).data;
  return text.replace(/\s+/g, ' ');
}

function linkText(element: Element): string {
  let text = '';
  for (const child of element.children) {
    if (child.type === 'text') text += (child as unknown as { data: string }).data;
    else if (child.type === 'tag') text += ownText(child as Element);
  }
  return text;
}

/**
 * A pager: a `rel="next"` link, or one container holding links whose whole texts are the page
 * numbers 2 and 3 (a pager's container is the links' parent or, for links in list items or spans,
 * their grandparent).
 */
function pagerNumbers(element: Element, numbersOf: Map<AnyNode, Set<string>>): boolean {
  const text = linkText(element);
  if (!PAGE_NUMBER.test(text)) return false;
  let container: AnyNode | null = element.parent;
  if (container && container.type === 'tag' && ['li', 'span', 'b', 'strong', 'em'].includes((container as Element).name)) container = container.parent;
  if (!container) return false;
  let numbers = numbersOf.get(container);
  if (!numbers) numbersOf.set(container, (numbers = new Set()));
  numbers.add(text.trim());
  return numbers.has('2') && numbers.has('3');
}

function isMainHeadingCandidate(element: Element, level: 'h1' | 'any'): boolean {
  return level === 'h1' ? element.name === 'h1' : isHeadingName(element.name);
}

/** Members read for `dataTable` (a huge list is sampled from its start); levels from a member up to its row. */
const MEMBERS_READ = 200;
const ROW_LEVELS = 4;

function rowOf(member: Element): Element | undefined {
  let current: Element | null = member;
  for (let level = 0; current && current.type === 'tag' && level <= ROW_LEVELS; level += 1) {
    if (current.name === 'tr') return current;
    if (current.name === 'table' || current.name === 'body') return undefined;
    current = current.parent as Element | null;
  }
  return undefined;
}

function tableOf(row: Element): Element | undefined {
  const parent = row.parent as Element | null;
  if (parent?.name === 'table') return parent;
  const grandparent = parent?.parent as Element | null | undefined;
  return grandparent?.name === 'table' ? grandparent : undefined;
}

function childElements(element: Element): Element[] {
  return element.children.filter((child): child is Element => child.type === 'tag');
}

/** A table with a header row: a `thead`, or a first row of at least two `th` cells. */
function isHeaded(table: Element): boolean {
  const parts = childElements(table);
  if (parts.some((part) => part.name === 'thead')) return true;
  const firstRow = parts.flatMap((part) => (part.name === 'tr' ? [part] : part.name === 'tbody' ? childElements(part).filter((row) => row.name === 'tr').slice(0, 1) : []))[0];
  return firstRow !== undefined && childElements(firstRow).filter((cell) => cell.name === 'th').length >= 2;
}

export function dataTableShare(members: readonly Element[]): number {
  const read = members.slice(0, MEMBERS_READ);
  const headed = new Map<Element, boolean>();
  let rows = 0;
  for (const member of read) {
    const row = rowOf(member);
    const table = row ? tableOf(row) : undefined;
    if (!table) continue;
    let known = headed.get(table);
    if (known === undefined) headed.set(table, (known = isHeaded(table)));
    if (known) rows += 1;
  }
  return rows / read.length;
}

export function subjectFacts(root: AnyNode, members: readonly Element[]): SubjectFacts {
  if (members.length === 0) return NO_SUBJECT_FACTS;
  const dataTable = dataTableShare(members);
  const memberSet = new Set<Element>(members);
  const { elements, depths } = pageElements(root);
  // The first member in reading order, and the page's main heading (first h1 outside chrome and
  // header, else the first heading there), both in one pass.
  let firstMember = -1;
  let firstH1 = -1;
  let firstHeading = -1;
  let pager = 0;
  let chromeDepth = -1;
  let memberDepth = -1;
  const numbersOf = new Map<AnyNode, Set<string>>();
  for (let position = 0; position < elements.length; position += 1) {
    const element = elements[position]!;
    const depth = depths[position]!;
    if (memberDepth >= 0 && depth <= memberDepth) memberDepth = -1;
    if (memberDepth < 0 && memberSet.has(element)) {
      memberDepth = depth;
      if (firstMember < 0) firstMember = position;
    }
    if (element.name === 'a' || element.name === 'link') {
      if (/(^|\s)next(\s|$)/i.test(attribute(element, 'rel') ?? '')) pager = 1;
      else if (pager === 0 && element.name === 'a' && attribute(element, 'href') !== undefined && pagerNumbers(element, numbersOf)) pager = 1;
    }
    if (chromeDepth >= 0 && depth <= chromeDepth) chromeDepth = -1;
    if (chromeDepth < 0 && (isReadingChrome(element) || element.name === 'header' || attribute(element, 'role') === 'banner')) chromeDepth = depth;
    if (chromeDepth >= 0 || memberDepth >= 0) continue;
    if (firstH1 < 0 && isMainHeadingCandidate(element, 'h1')) firstH1 = position;
    if (firstHeading < 0 && isMainHeadingCandidate(element, 'any')) firstHeading = position;
  }
  const main = firstH1 >= 0 ? firstH1 : firstHeading;
  if (firstMember < 0 || main < 0) return { ...NO_SUBJECT_FACTS, pager, dataTable };
  if (main > firstMember) return { ...NO_SUBJECT_FACTS, pager, aboveHeading: 1, dataTable };
  // Between the main heading's end and the first member: headings, visible text and figures
  // outside the chrome (the heading's own subtree is its text, not the subject's).
  let headings = 0;
  let characters = 0;
  let figure = 0;
  chromeDepth = -1;
  for (let position = lastDescendant(depths, main) + 1; position < firstMember; position += 1) {
    const element = elements[position]!;
    const depth = depths[position]!;
    if (chromeDepth >= 0 && depth <= chromeDepth) chromeDepth = -1;
    if (chromeDepth < 0 && isReadingChrome(element)) chromeDepth = depth;
    if (chromeDepth >= 0) continue;
    if (isHeadingName(element.name)) headings += 1;
    const length = ownTextLength(element);
    characters += length;
    // A figure may be split over inline parts ("<span>€</span><b>19</b>"): the element's whole short text.
    if (figure === 0 && isFigure(textOf(element, FIGURE_TEXT + 1))) figure = 1;
  }
  return { headingsBefore: Math.log10(1 + headings), textBefore: Math.log10(1 + characters), figureBefore: figure, pager, aboveHeading: 0, dataTable };
}

/** The position of the last element inside the subtree that starts at `start` (pre-order positions). */
function lastDescendant(depths: readonly number[], start: number): number {
  let position = start + 1;
  while (position < depths.length && depths[position]! > depths[start]!) position += 1;
  return position - 1;
}

/** Fewest members for a data table to keep the page: a record's or a product's few spec rows are not a list. */
export const FEWEST_TABLE_ROWS = 10;

/**
 * A data table is the page's content (thirteenth session, issue #16): at least ten of the candidate's
 * members, and at least half of them, are rows of a table with a header row — a fixtures table, a
 * chapter table, a meetings or agendas table, read row by row. On the development pages the fitted
 * gate refused 7 such lists (6 repositories, 4 whose winner scores >= 0.8) and no single page it
 * refuses has one (`dataTableLists`, on unless false).
 */
export function isDataTableList(members: readonly Element[]): boolean {
  return members.length >= FEWEST_TABLE_ROWS && dataTableShare(members) >= 0.5;
}
