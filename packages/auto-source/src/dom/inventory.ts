import type { Element } from 'domhandler';
import { attribute, MAX_DEPTH, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { findDateText } from '../util/dates.js';
import type { LinkFacts, PageUrls, PathShape } from '../util/url.js';
import type { Placement } from './collect.js';
import { signature } from './signature.js';
import { DATE_CLASS, forEachInSubtree, type SubtreeIndex } from './subtree-index.js';

const HEADING = /^h[1-6]$/;

/** A link inside a list member, with where it sits relative to the member. */
export interface MemberLink {
  readonly anchor: Element;
  readonly url: string;
  readonly text: string;
  /** Child-combinator path from the member, e.g. `h2.entry-title > a` ('' for the member itself). */
  readonly path: string;
  /** Inside a heading, or wrapping one. */
  readonly heading: Element | undefined;
  /** A share button or social widget link. */
  readonly share: boolean;
  /** `urlKey(url)`, the URL's path shape and whether it lies below the page (see `PageUrls`). */
  readonly key: string;
  readonly shape: PathShape;
  readonly below: boolean;
  /** A tag or category link (`/tag/…`, `rel=tag`). */
  readonly category: boolean;
}

/** What one list member contains, gathered in one walk. */
export interface Inventory {
  readonly links: readonly MemberLink[];
  readonly headings: readonly Element[];
  readonly times: readonly Element[];
  /** The times' texts (cut at 100 characters), in the same order: dates the snippet need not repeat. */
  readonly timeLabels: readonly string[];
  readonly images: readonly Element[];
  readonly dateTexts: readonly string[];
  readonly datePublished: string | undefined;
}

const CATEGORY_PATH = /\/(tag|tags|category|categories|topic|topics|kategorie|thema)\//i;
const SHARE_PATH = /\/(sharer|intent|submitlink|submit|share|sharing|email-protection)(\b|\/|\.php)/i;
const NONE: readonly never[] = [];
const SHARE_CONTAINER = /(^|[-_\s])(share|sharing|social|shares)([-_\s]|$)/i;

/** Most steps a link path has (a member's inventory looks this far down). */
const PATH_STEPS = 40;

/**
 * A link's ancestors from the link up (at most `PATH_STEPS` + 1), with their signatures and where
 * the first share container and heading sit. Nested members share a link: the chain grows only as
 * far up as a member asks, and each member takes the part below itself.
 */
interface AncestorChain {
  readonly elements: Element[];
  readonly signatures: string[];
  /** Index of the first share-named element, or -1. */
  share: number;
  /** Index of the first heading, or -1. */
  heading: number;
  /** The next ancestor to add, or null when the chain is complete. */
  next: Element | null;
  /** Facts about the link's URL (shared by the links to the same `href`); undefined without one. */
  readonly target: LinkFacts | undefined;
  /** The link's own text (what `textOf(link, 300)` gives), for links with a URL. */
  readonly text: string;
  /** A share URL (`/sharer`, `/intent`...). */
  readonly shareUrl: boolean;
  /** A tag or category link (`/tag/…`, `rel=tag`). */
  readonly category: boolean;
}

/**
 * Link paths by prefix and next step, so the same path is one string: members of a list share
 * their link paths, and the list-wide choice groups links by path.
 */
const pathSteps = new Map<string, Map<string, string>>();
const PATH_CACHE_LIMIT = 20_000;

function extendPath(prefix: string, step: string): string {
  let next = pathSteps.get(prefix);
  if (next === undefined) {
    if (pathSteps.size >= PATH_CACHE_LIMIT) pathSteps.clear();
    next = new Map();
    pathSteps.set(prefix, next);
  }
  let path = next.get(step);
  if (path === undefined) {
    path = `${prefix} > ${step}`;
    next.set(step, path);
  }
  return path;
}

function createChain(target: Element, urls: PageUrls): AncestorChain {
  const facts = urls.facts(target.attribs['href']);
  const url = facts?.url;
  return {
    elements: [],
    signatures: [],
    share: -1,
    heading: -1,
    next: target,
    target: facts,
    text: url ? textOf(target, 300) : '',
    shareUrl: url !== undefined && SHARE_PATH.test(url),
    category: url !== undefined && (CATEGORY_PATH.test(url) || attribute(target, 'rel') === 'tag'),
  };
}

/** Position of `member` in the chain, growing it up to there; -1 when it is not within reach. */
function distanceTo(chain: AncestorChain, member: Element): number {
  const known = chain.elements.indexOf(member);
  if (known >= 0) return known;
  let current = chain.next;
  while (current && current.type === 'tag' && chain.elements.length <= PATH_STEPS) {
    const index = chain.elements.length;
    const className = (current.attribs as Record<string, string> | undefined)?.['class'];
    if (chain.share < 0 && className && SHARE_CONTAINER.test(className)) chain.share = index;
    if (chain.heading < 0 && HEADING.test(current.name)) chain.heading = index;
    chain.elements.push(current);
    chain.signatures.push(signature(current));
    const reached = current === member;
    current = current.parent as Element | null;
    if (reached) {
      chain.next = current;
      return index;
    }
  }
  chain.next = null;
  return -1;
}

/** Path of `target` (a link) below `member` from the chain, `distance` steps up to the member (> 0). */
function pathFrom(chain: AncestorChain, distance: number): string {
  let path = chain.signatures[distance - 1]!;
  for (let index = distance - 2; index >= 0; index -= 1) path = extendPath(path, chain.signatures[index]!);
  return path;
}

function pathByWalking(member: Element, target: Element): { path: string; share: boolean; heading: Element | undefined } {
  const steps: string[] = [];
  let share = false;
  let heading: Element | undefined;
  let current: Element | null = target;
  while (current && current !== member && steps.length < PATH_STEPS) {
    steps.unshift(signature(current));
    const className = (current.attribs as Record<string, string> | undefined)?.['class'];
    if (className && SHARE_CONTAINER.test(className)) share = true;
    if (!heading && HEADING.test(current.name)) heading = current;
    current = current.parent as Element | null;
  }
  return { path: steps.join(' > '), share, heading };
}

/** How far below a member its inventory looks. */
const INVENTORY_DEPTH = 40;

/**
 * Links, headings, times, images and date text of one member, in document order. With the page's
 * `index` and the member's `placement` only the indexed elements inside the member are read;
 * without them (or below the page walk's depth limit) the member's subtree is walked.
 */
export function inventory(member: Element, urls: PageUrls, index?: SubtreeIndex, placement?: Placement): Inventory {
  // Most members have no headings, times, images or date texts: arrays only when there is one.
  const links: MemberLink[] = [];
  let headings: Element[] | undefined;
  let times: Element[] | undefined;
  let timeLabels: string[] | undefined;
  let images: Element[] | undefined;
  let dateText: string | undefined;
  let datePublished: string | undefined;
  // `position` is the element's place in the page index: a link's chain is kept in its slot there.
  const consider = (element: Element, position: number | undefined): void => {
    // Raw attribute reads first: most elements have none of these, and trimming is for matches.
    const attributes = element.attribs as Record<string, string> | undefined;
    if (element.name === 'a') {
      let chain = position === undefined ? undefined : (index!.slots[position] as AncestorChain | undefined);
      if (chain === undefined) {
        chain = createChain(element, urls);
        if (position !== undefined) index!.slots[position] = chain;
      }
      const facts = chain.target;
      if (facts) {
        // Where the link sits in the member: the chain up to the member knows the path, and whether
        // a share container or a heading lies between them (no object per link and member).
        let path = '';
        let share = false;
        let heading: Element | undefined;
        const distance = member === element ? 0 : distanceTo(chain, member);
        if (distance > 0) {
          path = pathFrom(chain, distance);
          share = chain.share >= 0 && chain.share < distance;
          heading = chain.heading >= 0 && chain.heading < distance ? chain.elements[chain.heading] : undefined;
        } else if (member !== element) {
          ({ path, share, heading } = pathByWalking(member, element));
        }
        links.push({ anchor: element, url: facts.url, text: chain.text, path, share: share || chain.shareUrl, heading, key: facts.key, shape: facts.shape, below: facts.below, category: chain.category });
      }
    } else if (HEADING.test(element.name) || (attributes?.['role'] !== undefined && attribute(element, 'role') === 'heading')) (headings ??= []).push(element);
    else if (element.name === 'time') {
      (times ??= []).push(element);
      // A time inside nested members is read once (its slot in the page index keeps the text).
      let label = position === undefined ? undefined : (index!.slots[position] as string | undefined);
      if (label === undefined) {
        label = textOf(element, 100);
        if (position !== undefined) index!.slots[position] = label;
      }
      (timeLabels ??= []).push(label);
    }
    else if (element.name === 'img') (images ??= []).push(element);
    if (datePublished === undefined && attributes?.['itemprop'] !== undefined && attribute(element, 'itemprop') === 'datePublished') {
      datePublished = attribute(element, 'content') ?? attribute(element, 'datetime') ?? textOf(element, 80);
    }
    const className = attributes?.['class'];
    if (dateText === undefined && className && element.children.length <= 3 && DATE_CLASS.test(className)) {
      const text = textOf(element, 120);
      if (text.length <= 80 && findDateText(text)) dateText = text;
    }
  };
  if (index && placement && placement.depth + INVENTORY_DEPTH <= MAX_DEPTH) {
    // The member itself is the first position of its own subtree.
    forEachInSubtree(index, placement.order, placement.size, placement.depth, INVENTORY_DEPTH, consider);
  } else {
    consider(member, undefined);
    walkElements(member, (element) => consider(element, undefined), INVENTORY_DEPTH);
  }
  // A link wrapping a heading (whole-card links) counts as a heading link too.
  if (headings) {
    for (const [index, link] of links.entries()) {
      if (link.heading) continue;
      const wrapped = headings.find((heading) => isInside(heading, link.anchor));
      if (wrapped) links[index] = { ...link, heading: wrapped };
    }
  }
  return { links, headings: headings ?? NONE, times: times ?? NONE, timeLabels: timeLabels ?? NONE, images: images ?? NONE, dateTexts: dateText === undefined ? NONE : [dateText], datePublished: datePublished || undefined };
}

export function isInside(element: Element, container: Element): boolean {
  let current: Element | null = element;
  for (let steps = 0; current && steps < 40; steps += 1) {
    if (current === container) return true;
    current = current.parent as Element | null;
  }
  return false;
}
