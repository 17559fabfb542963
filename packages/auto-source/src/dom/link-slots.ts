import type { Element } from 'domhandler';
import { attribute, isHeadingName } from '../util/dom.js';
import { textOf } from '../util/text.js';
import type { LinkFacts, PageUrls } from '../util/url.js';
import { SHARE_CONTAINER, SHARE_LIKE } from './class-names.js';
import { signature } from './signature.js';
import type { SubtreeIndex } from './subtree-index.js';

/*
 * The per-link half of a member's inventory: what a link is (its slot, worked out once per page
 * and shared by the nested members that hold it) and its path below a member, from the walk's
 * positions and signatures.
 */

const CATEGORY_PATH = /\/(tag|tags|category|categories|topic|topics|kategorie|thema)\//i;
const SHARE_PATH = /\/(sharer|intent|submitlink|submit|share|sharing|email-protection)(\b|\/|\.php)/i;

/** Most steps a link path has (a member's inventory looks this far down). */
export const PATH_STEPS = 40;

/**
 * What one link is, worked out once per link (kept in its slot of the page index and shared by
 * the nested members that hold it): URL facts, text, and where the nearest share container and
 * heading sit above it, found as far up as a member has asked (by walk position, no arrays).
 */
export interface LinkSlot {
  /** Facts about the link's URL (shared by the links to the same `href`); undefined without one. */
  readonly target: LinkFacts | undefined;
  /** The link's own text (what `textOf(link, 300)` gives), for links with a URL. */
  readonly text: string;
  /** A share URL (`/sharer`, `/intent`...). */
  readonly shareUrl: boolean;
  /** A tag or category link (`/tag/…`, `rel=tag`). */
  readonly category: boolean;
  /** Steps up from the link (itself 0) of the first share-named element, or -1 (among those scanned). */
  share: number;
  /** Steps up of the first heading and its walk position, or -1 (among those scanned). */
  heading: number;
  headingPosition: number;
  /** Elements scanned so far (from the link up) and the walk position of the next one. */
  scanned: number;
  next: number;
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

export function createSlot(target: Element, urls: PageUrls, position: number): LinkSlot {
  const facts = urls.facts(target.attribs['href']);
  const url = facts?.url;
  return {
    target: facts,
    text: url ? textOf(target, 300) : '',
    shareUrl: url !== undefined && SHARE_PATH.test(url),
    category: url !== undefined && (CATEGORY_PATH.test(url) || attribute(target, 'rel') === 'tag'),
    share: -1,
    heading: -1,
    headingPosition: -1,
    scanned: 0,
    next: position,
  };
}

/** Scans the link's ancestors (itself first) until `steps` elements are scanned. */
export function scanUp(slot: LinkSlot, steps: number, index: SubtreeIndex): void {
  const { walkParents, walkElements } = index;
  while (slot.scanned < steps && slot.next >= 0) {
    const current = walkElements[slot.next]!;
    if (slot.share < 0 && (index.walkClassBits[slot.next]! & SHARE_LIKE) !== 0) slot.share = slot.scanned;
    if (slot.heading < 0 && isHeadingName(current.name)) {
      slot.heading = slot.scanned;
      slot.headingPosition = slot.next;
    }
    slot.scanned += 1;
    slot.next = walkParents[slot.next]!;
  }
}

/** Walk positions of a link's ancestors, reused between calls (at most `PATH_STEPS`). */
const pathPositions = new Int32Array(PATH_STEPS + 1);

/** Path of the link at walk `position` below its ancestor `distance` steps up (> 0), from the walk's signatures. */
export function pathAbove(index: SubtreeIndex, position: number, distance: number): string {
  const { walkParents, walkSignatures } = index;
  let current = position;
  for (let step = 0; step < distance; step += 1) {
    pathPositions[step] = current;
    current = walkParents[current]!;
  }
  let path = walkSignatures[pathPositions[distance - 1]!]!;
  for (let step = distance - 2; step >= 0; step -= 1) path = extendPath(path, walkSignatures[pathPositions[step]!]!);
  return path;
}

export function pathByWalking(member: Element, target: Element): { path: string; share: boolean; heading: Element | undefined } {
  const steps: string[] = [];
  let share = false;
  let heading: Element | undefined;
  let current: Element | null = target;
  while (current && current !== member && steps.length < PATH_STEPS) {
    steps.unshift(signature(current));
    const className = (current.attribs as Record<string, string> | undefined)?.['class'];
    if (className && SHARE_CONTAINER.test(className)) share = true;
    if (!heading && isHeadingName(current.name)) heading = current;
    current = current.parent as Element | null;
  }
  return { path: steps.join(' > '), share, heading };
}
