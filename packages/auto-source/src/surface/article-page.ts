import type { AnyNode, Element } from 'domhandler';
import { attribute, pageElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { isWithin } from './article.js';

/**
 * Page facts for the article gate that do not depend on which candidate won (sixth session): a
 * job board or a meeting calendar whose DOM winner is a weak part of the page (its date cells, a
 * short menu) still shows, in its content region, many sibling rows of the same shape each holding
 * a link, often dated; an article shows one dominant block of body text and at most a few short
 * link rows (related stories, tags, comments). Measured on the page, not on the URL.
 *
 * "Content region" = outside `nav`, `header`, `footer`, `aside`, `menu` and their ARIA roles, and
 * outside the main paragraph block (its inline links are not rows).
 * A row = an element holding a link (`a[href]`, not `#…` or `javascript:`); rows of one group share
 * a parent, a tag and a class attribute. No rule names a site, a URL or a page-specific class.
 */
export interface PageFacts {
  /** log10(1 + rows) of the largest group of link rows in the content region. */
  readonly rowCount: number;
  /** Share of that group's rows whose text carries a date or time. */
  readonly rowDated: number;
  /** Share of the page's visible text inside that group's rows (0-1). */
  readonly rowTextShare: number;
  /** Share of the page's visible text in the main paragraph block (0-1): a dominant body text. */
  readonly bodyShare: number;
  /** The main paragraph block lies inside one of the rows (a list of full posts), 1 or 0. */
  readonly mainInRow: number;
  /** log10(1 + the page's visible characters). */
  readonly pageText: number;
}

/** The facts' names, in the gate's input order. */
export const PAGE_FACTS = ['rowCount', 'rowDated', 'rowTextShare', 'bodyShare', 'mainInRow', 'pageText'] as const;

export const NO_PAGE_FACTS: PageFacts = { rowCount: 0, rowDated: 0, rowTextShare: 0, bodyShare: 0, mainInRow: 0, pageText: 0 };

const CHROME_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'menu']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'menu', 'menubar', 'search']);
/** How far above a link its row may be (a link inside a heading inside a card inside a cell…). */
const ROW_LEVELS = 5;
/** Rows read for their text (a huge index is sampled, not read whole). */
const ROWS_READ = 200;
const ROW_TEXT = 1_000;

/**
 * A date or a time in a row's text: a year with a month or day beside it (numbers or month names,
 * several languages), a day-month pair, a clock time, or a CJK date.
 */
export const DATED = new RegExp(
  [
    '\\b(?:19|20)\\d\\d[-/.](?:0?[1-9]|1[0-2])\\b',
    '\\b\\d{1,2}[-/.]\\d{1,2}[-/.](?:19|20)?\\d\\d\\b',
    '\\b\\d{1,2}:\\d\\d\\b',
    '\\d{1,4}\\s*[年月]\\s*\\d{1,2}\\s*[月日]',
    '\\b(?:jan|feb|m[aä]r|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz])[a-zé]*\\.?\\s+\\d{1,2}\\b',
    '\\b\\d{1,2}\\.?\\s+(?:jan|feb|m[aä]r|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz])[a-zé]*\\b',
  ].join('|'),
  'i',
);

function isLink(element: Element): boolean {
  if (element.name !== 'a') return false;
  const href = attribute(element, 'href')?.trim();
  return href !== undefined && href.length > 0 && !href.startsWith('#') && !/^javascript:/i.test(href);
}

function isChrome(element: Element): boolean {
  return CHROME_TAGS.has(element.name) || CHROME_ROLES.has(attribute(element, 'role') ?? '');
}

/** Visible characters of an element's own text nodes (whitespace runs counted once). */
export function ownTextLength(element: Element): number {
  let length = 0;
  for (const child of element.children) {
    if (child.type === 'text') length += (child as unknown as { data: string }).data.replace(/\s+/g, ' ').trim().length;
  }
  return length;
}

/** The page facts above, in one walk over the page's elements. */
export function pageFacts(root: AnyNode, mainBlock: Element | undefined, mainBlockCharacters: number): PageFacts {
  const { elements, depths } = pageElements(root);
  let chromeDepth = -1;
  let mainDepth = -1;
  let pageCharacters = 0;
  const rowsOf = new Map<string, Element[]>();
  const parentIds = new Map<Element, number>();
  const counted = new Set<Element>();
  for (let position = 0; position < elements.length; position += 1) {
    const element = elements[position]!;
    const depth = depths[position]!;
    if (chromeDepth >= 0 && depth <= chromeDepth) chromeDepth = -1;
    if (chromeDepth < 0 && isChrome(element)) chromeDepth = depth;
    if (mainDepth >= 0 && depth <= mainDepth) mainDepth = -1;
    if (element === mainBlock) mainDepth = depth;
    pageCharacters += ownTextLength(element);
    // Links in the chrome, and inline links of the main body text, make no rows.
    if (chromeDepth >= 0 || mainDepth >= 0 || !isLink(element)) continue;
    // The link's row is each of its next few ancestors; each one counts once in its group.
    let row: Element = element;
    for (let level = 0; level < ROW_LEVELS; level += 1) {
      const parent = row.parent;
      if (!parent || parent.type !== 'tag') break;
      const parentElement = parent as Element;
      if (!counted.has(row)) {
        counted.add(row);
        let id = parentIds.get(parentElement);
        if (id === undefined) parentIds.set(parentElement, (id = parentIds.size));
        const key = `${id} ${row.name} ${attribute(row, 'class') ?? ''}`;
        const group = rowsOf.get(key);
        if (group) group.push(row);
        else rowsOf.set(key, [row]);
      }
      if (parentElement.name === 'body') break;
      row = parentElement;
    }
  }
  let rows: Element[] = [];
  for (const group of rowsOf.values()) if (group.length > rows.length) rows = group;
  const read = rows.slice(0, ROWS_READ);
  const texts = read.map((row) => textOf(row, ROW_TEXT));
  const rowCharacters = texts.reduce((sum, text) => sum + text.length, 0) * (rows.length / Math.max(1, read.length));
  const share = (part: number) => (pageCharacters > 0 ? Math.min(1, part / pageCharacters) : 0);
  return {
    rowCount: Math.log10(1 + rows.length),
    rowDated: texts.length ? texts.filter((text) => DATED.test(text)).length / texts.length : 0,
    rowTextShare: share(rowCharacters),
    bodyShare: share(mainBlockCharacters),
    mainInRow: mainBlock && rows.some((row) => isWithin(mainBlock, row)) ? 1 : 0,
    pageText: Math.log10(1 + pageCharacters),
  };
}
