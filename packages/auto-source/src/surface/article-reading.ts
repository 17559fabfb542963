import type { AnyNode, Element } from 'domhandler';
import { attribute, findFirst, isHeadingName, pageElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { ownTextLength } from './article-page.js';

/**
 * Facts for the article gate about how a person reads the page (twelfth session, issue #16):
 *
 * - a single page's "list" is often where a reader does not look for the content: inside a side
 *   column, a footer, a menu, a pop-up dialog or a hidden panel (`inChrome`);
 * - a list of full posts (a blog's archive, a press wire's month) shows many sections, each a
 *   heading followed by paragraphs of its own text, where an article shows one body under one
 *   heading and short link rows after it (`postMembers` for the candidate's items, `postSections`
 *   for the page whatever candidate won).
 *
 * Observed for fitting only (computed when a model reads one of them or an observer asks). Nothing
 * here names a site, a URL or a class: only elements and ARIA roles of the HTML standard.
 */
export interface ReadingFacts {
  /** Share of the members inside an `aside`, `footer`, `nav`, `menu` or `dialog` (or their ARIA roles), or a hidden subtree. */
  readonly inChrome: number;
  /** Share of the members that hold their own heading and at least `POST_TEXT` characters (a full post). */
  readonly postMembers: number;
  /** log10(1 + sections of the page outside the chrome: a heading followed by at least `POST_TEXT` characters before the next heading). */
  readonly postSections: number;
}

/** The facts' names, in the gate's input order. */
export const READING_FACTS = ['inChrome', 'postMembers', 'postSections'] as const;

export const NO_READING_FACTS: ReadingFacts = { inChrome: 0, postMembers: 0, postSections: 0 };

/** Characters of a post's own text (a teaser of two lines is not a post). */
export const POST_TEXT = 400;
const MEMBERS_READ = 200;
const ANCESTORS_READ = 60;

const CHROME_TAGS = new Set(['aside', 'footer', 'nav', 'menu', 'dialog']);
const CHROME_ROLES = new Set(['complementary', 'contentinfo', 'navigation', 'menu', 'menubar', 'dialog', 'alertdialog']);

/** An element a reader does not read as the page's content: chrome, a dialog, or hidden from view. */
export function isReadingChrome(element: Element): boolean {
  if (CHROME_TAGS.has(element.name)) return true;
  const role = attribute(element, 'role');
  if (role !== undefined && CHROME_ROLES.has(role.trim().toLowerCase())) return true;
  return attribute(element, 'hidden') !== undefined || attribute(element, 'aria-hidden') === 'true' || attribute(element, 'aria-modal') === 'true';
}

function inReadingChrome(member: Element): boolean {
  let current: Element | null = member;
  for (let steps = 0; current && current.type === 'tag' && steps < ANCESTORS_READ; steps += 1) {
    if (current.name === 'body') return false;
    if (isReadingChrome(current)) return true;
    current = current.parent as Element | null;
  }
  return false;
}

function isPost(member: Element): boolean {
  const heading = isHeadingName(member.name) ? member : findFirst(member, (element) => isHeadingName(element.name));
  return heading !== undefined && textOf(member, POST_TEXT * 2).length >= POST_TEXT;
}

/** Sections of full text under headings, in one pass over the page's elements outside the chrome. */
export function postSections(root: AnyNode): number {
  const { elements, depths } = pageElements(root);
  let chromeDepth = -1;
  let sections = 0;
  let open = false;
  let characters = 0;
  for (let position = 0; position < elements.length; position += 1) {
    const element = elements[position]!;
    const depth = depths[position]!;
    if (chromeDepth >= 0 && depth <= chromeDepth) chromeDepth = -1;
    if (chromeDepth < 0 && isReadingChrome(element)) chromeDepth = depth;
    if (chromeDepth >= 0) continue;
    if (isHeadingName(element.name)) {
      if (open && characters >= POST_TEXT) sections += 1;
      open = true;
      characters = -ownTextLength(element);
    }
    characters += ownTextLength(element);
  }
  if (open && characters >= POST_TEXT) sections += 1;
  return Math.log10(1 + sections);
}

export function readingFacts(root: AnyNode, members: readonly Element[]): ReadingFacts {
  if (members.length === 0) return NO_READING_FACTS;
  const read = members.slice(0, MEMBERS_READ);
  const share = (test: (member: Element) => boolean) => read.filter(test).length / read.length;
  return { inChrome: share(inReadingChrome), postMembers: share(isPost), postSections: postSections(root) };
}
