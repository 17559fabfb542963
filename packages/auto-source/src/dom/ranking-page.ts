import type { AnyNode, Element } from 'domhandler';
import { attribute, isElement, isHeadingName, pageElements, walkElements } from '../util/dom.js';
import { isSpace, textOf } from '../util/text.js';
import type { PageUrls } from '../util/url.js';
import type { ExtractedItem } from './item-fields.js';
import { linkTargets, type LinkTarget } from './ranking-rows.js';

/**
 * Ranking inputs that need the page around a candidate (issue #16, eighth session): the landmark a
 * list sits in, its own heading, its share of the main region's text and links, where its links
 * go relative to the page's own section, and facet-like rows. Each is a fact about structure or
 * text shape, never about a site's vocabulary. Read only when a ranking model is on.
 */
export interface RankingPage {
  readonly root: AnyNode;
  readonly urls: PageUrls;
}

/** The input names these facts fill, in order (appended to RANKING_FEATURES). */
export const PAGE_RANKING_FEATURES = [
  'asideLandmark', 'navLandmark', 'ownHeading', 'headingLevel', 'mainTextShare', 'mainLinkShare', 'ownSection', 'belowPage', 'facetRows',
] as const;

const ASIDE_ROLES = new Set(['complementary']);
const NAV_ROLES = new Set(['navigation', 'menu', 'menubar', 'contentinfo', 'banner', 'search']);
const NAV_TAGS = new Set(['nav', 'menu', 'footer']);
/** A short row that ends in a count or holds one in brackets: `Shoes (128)`, `Berlin 42`. */
const COUNTED = /\(\s*\d[\d.,\s]*\)|\[\s*\d[\d.,\s]*\]|\s\d[\d.,]*$/;
const FACET_TEXT = 40;

interface MainFacts {
  readonly text: number;
  readonly links: number;
  readonly section: string | undefined;
}

/** Kept on the page's root, not in a WeakMap keyed by it (see `scanPage` in util/dom.ts). */
const MAIN_FACTS = Symbol('pagefeed.autoSource.rankingMainFacts');
type FactsRoot = AnyNode & { [MAIN_FACTS]?: MainFacts };

/** The first path segment of `url`, lower-cased (`targets`: see `linkTargets`). */
function firstSegment(url: string, targets: (url: string) => LinkTarget | undefined): string | undefined {
  return targets(url)?.segments[0]?.toLowerCase();
}

/**
 * The length of `text.replace(/\s+/g, ' ').trim()`, counted without building either string: the
 * main region's text is read on every page a model ranks, and the walk with two copies per text
 * node was half of the challenger's inputs' time (seventeenth session).
 */
export function collapsedLength(text: string): number {
  let length = 0;
  let started = false;
  let space = false;
  for (let index = 0; index < text.length; index += 1) {
    if (isSpace(text.charCodeAt(index))) {
      if (started) space = true;
      continue;
    }
    if (space) length += 1;
    space = false;
    started = true;
    length += 1;
  }
  return length;
}

/**
 * The page's main region (`main`, `[role=main]`, else the body) with its text length and links, once per page.
 * The region is looked for in the page's element list (`pageElements`, walked once per page for
 * every tier), and without one (most pages) that list is what is counted: no walk of its own.
 */
function factsOf(page: RankingPage): MainFacts {
  const known = (page.root as FactsRoot)[MAIN_FACTS];
  if (known) return known;
  const { elements } = pageElements(page.root);
  let main: Element | undefined;
  for (const element of elements) {
    if (element.name === 'main' || attribute(element, 'role') === 'main') {
      main = element;
      break;
    }
  }
  let text = 0;
  let links = 0;
  const count = (element: Element): void => {
    if (element.name === 'a' && attribute(element, 'href')) links += 1;
    for (const child of element.children) if (child.type === 'text') text += collapsedLength((child as unknown as { data: string }).data);
  };
  if (main) {
    count(main);
    walkElements(main, (element) => {
      count(element);
    });
  } else {
    for (const element of elements) count(element);
  }
  const facts = { text: Math.max(1, text), links: Math.max(1, links), section: firstSegment(page.urls.pageUrl, linkTargets(page.urls)) };
  (page.root as FactsRoot)[MAIN_FACTS] = facts;
  return facts;
}

/** 1 when an ancestor (up to 40 levels) is an aside/complementary landmark; the same for navigation landmarks. */
function landmarks(member: Element | undefined): [number, number] {
  let aside = 0;
  let nav = 0;
  let current = member?.parent as AnyNode | null | undefined;
  for (let steps = 0; current && isElement(current) && steps < 40; steps += 1) {
    const role = attribute(current, 'role');
    if (current.name === 'aside' || (role && ASIDE_ROLES.has(role))) aside = 1;
    if (NAV_TAGS.has(current.name) || (role && NAV_ROLES.has(role))) nav = 1;
    current = current.parent;
  }
  return [aside, nav];
}

/** The level (1–6) of a heading just before the list's container or one of its next three ancestors; 0 without. */
function ownHeadingLevel(member: Element | undefined): number {
  let container = member?.parent as AnyNode | null | undefined;
  for (let steps = 0; container && isElement(container) && steps < 4; steps += 1) {
    let sibling = container.prev;
    for (let seen = 0; sibling && seen < 3; sibling = sibling.prev) {
      if (!isElement(sibling)) continue;
      seen += 1;
      if (isHeadingName(sibling.name)) return Number(sibling.name.slice(1)) || 6;
      const first = sibling.children.find(isElement);
      if (first && isHeadingName(first.name) && sibling.children.filter(isElement).length <= 2) return Number(first.name.slice(1)) || 6;
    }
    container = container.parent;
  }
  return 0;
}

/** The page facts of one candidate, in PAGE_RANKING_FEATURES order (zeros without a page). */
export function pageInputs(members: readonly Element[], items: readonly ExtractedItem[], page: RankingPage | undefined): number[] {
  if (!page) return PAGE_RANKING_FEATURES.map(() => 0);
  const facts = factsOf(page);
  const targets = linkTargets(page.urls);
  const [aside, nav] = landmarks(members[0]);
  const level = ownHeadingLevel(members[0]);
  let text = 0;
  let links = 0;
  let urls = 0;
  let section = 0;
  let below = 0;
  let facets = 0;
  for (const item of items) {
    text += item.textLength;
    links += item.linkCount;
    if (item.url !== undefined) {
      urls += 1;
      if (page.urls.sameHost(item.url) && (facts.section === undefined || firstSegment(item.url, targets) === facts.section)) section += 1;
      if (page.urls.isBelow(item.url)) below += 1;
    }
    if (item.textLength <= FACET_TEXT && item.titleWords <= 4 && COUNTED.test(textOf(item.member, FACET_TEXT + 10))) facets += 1;
  }
  const total = Math.max(1, items.length);
  return [
    aside,
    nav,
    level > 0 ? 1 : 0,
    level === 0 ? 7 : level,
    Math.min(1, text / facts.text),
    Math.min(1, links / facts.links),
    urls === 0 ? 0 : section / urls,
    urls === 0 ? 0 : below / urls,
    facets / total,
  ];
}
