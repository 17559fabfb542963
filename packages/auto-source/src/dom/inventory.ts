import type { Element } from 'domhandler';
import { attribute, isHeadingName, MAX_DEPTH, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { findDateText } from '../util/dates.js';
import type { LinkFacts, PageUrls, PathShape } from '../util/url.js';
import type { Placement } from './collect.js';
import { classFlags, DATE_LIKE } from './class-names.js';
import type { SubtreeIndex } from './subtree-index.js';
import { createSlot, pathAbove, pathByWalking, scanUp, type LinkSlot } from './link-slots.js';


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
  /** The page's number for `key` (`LinkFacts.keyNumber`). */
  readonly keyNumber: number;
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

/** The shared empty list of a member without any (never pushed to: replaced by a new array first). */
const NONE: never[] = [];

/** How far below a member its inventory looks. */
const INVENTORY_DEPTH = 40;

/**
 * What one member's walk gathers; becomes the member's `Inventory` (fields in a fixed order).
 * Lists start as the shared empty one and get an array of one at their first element (an empty
 * array literal reserves room for 16 on its first push, and most members hold one or two).
 */
class Gathered implements Inventory {
  links: MemberLink[] = NONE;
  headings: Element[] = NONE;
  times: Element[] = NONE;
  timeLabels: string[] = NONE;
  images: Element[] = NONE;
  dateTexts: readonly string[] = NONE;
  datePublished: string | undefined = undefined;
}

function addLink(gathered: Gathered, link: MemberLink): void {
  if (gathered.links === NONE) gathered.links = [link];
  else gathered.links.push(link);
}

/** The link as a member's link, at `path` below it. */
function memberLink(anchor: Element, slot: LinkSlot, facts: LinkFacts, path: string, share: boolean, heading: Element | undefined): MemberLink {
  return { anchor, url: facts.url, text: slot.text, path, share: share || slot.shareUrl, heading, key: facts.key, shape: facts.shape, below: facts.below, category: slot.category, keyNumber: facts.keyNumber };
}

/**
 * Reads one element into `gathered`. `position` is the element's place in the page index (a
 * link's slot is kept there) and `distance` its steps below the member; both undefined when the
 * member is walked instead.
 */
function consider(gathered: Gathered, member: Element, element: Element, urls: PageUrls, index: SubtreeIndex | undefined, position: number | undefined, distance: number): void {
  // Raw attribute reads first: most elements have none of these, and trimming is for matches.
  const attributes = element.attribs as Record<string, string> | undefined;
  const name = element.name;
  if (name === 'a') {
    if (index !== undefined && position !== undefined) {
      let slot = index.slots[position] as LinkSlot | undefined;
      if (slot === undefined) {
        slot = createSlot(element, urls, index.orders[position]! - 1);
        index.slots[position] = slot;
      }
      const facts = slot.target;
      if (facts) {
        // Where the link sits in the member: its ancestors up to the member give the path, and
        // whether a share container or a heading lies between them (no object per link and member).
        if (distance === 0) addLink(gathered, memberLink(element, slot, facts, '', false, undefined));
        else {
          scanUp(slot, distance, index);
          const heading = slot.heading >= 0 && slot.heading < distance ? index.walkElements[slot.headingPosition] : undefined;
          addLink(gathered, memberLink(element, slot, facts, pathAbove(index, index.orders[position]! - 1, distance), slot.share >= 0 && slot.share < distance, heading));
        }
      }
    } else {
      const slot = createSlot(element, urls, -1);
      const facts = slot.target;
      if (facts) {
        const { path, share, heading } = member === element ? { path: '', share: false, heading: undefined } : pathByWalking(member, element);
        addLink(gathered, memberLink(element, slot, facts, path, share, heading));
      }
    }
  } else if (isHeadingName(name) || (attributes?.['role'] !== undefined && attribute(element, 'role') === 'heading')) {
    if (gathered.headings === NONE) gathered.headings = [element];
    else gathered.headings.push(element);
  } else if (name === 'time') {
    if (gathered.times === NONE) gathered.times = [element];
    else gathered.times.push(element);
    // A time inside nested members is read once (its slot in the page index keeps the text).
    let label = position === undefined ? undefined : (index!.slots[position] as string | undefined);
    if (label === undefined) {
      label = textOf(element, 100);
      if (position !== undefined) index!.slots[position] = label;
    }
    if (gathered.timeLabels === NONE) gathered.timeLabels = [label];
    else gathered.timeLabels.push(label);
  } else if (name === 'img') {
    if (gathered.images === NONE) gathered.images = [element];
    else gathered.images.push(element);
  }
  if (gathered.datePublished === undefined && attributes?.['itemprop'] !== undefined && attribute(element, 'itemprop') === 'datePublished') {
    gathered.datePublished = attribute(element, 'content') ?? attribute(element, 'datetime') ?? textOf(element, 80);
  }
  const className = attributes?.['class'];
  if (gathered.dateTexts === NONE && className && element.children.length <= 3 && (classBitsOf(className, index, position) & DATE_LIKE) !== 0) {
    const text = textOf(element, 120);
    if (text.length <= 80 && findDateText(text)) gathered.dateTexts = [text];
  }
}

/** `classFlags(className)`: the walk knows them for indexed elements; a walked member looks them up. */
function classBitsOf(className: string, index: SubtreeIndex | undefined, position: number | undefined): number {
  return index !== undefined && position !== undefined ? index.walkClassBits[index.orders[position]! - 1]! : classFlags(className);
}

/**
 * Links, headings, times, images and date text of one member, in document order. With the page's
 * `index` and the member's `placement` only the indexed elements inside the member are read;
 * without them (or below the page walk's depth limit) the member's subtree is walked.
 */
export function inventory(member: Element, urls: PageUrls, index?: SubtreeIndex, placement?: Placement): Inventory {
  const gathered = new Gathered();
  if (index && placement && placement.depth + INVENTORY_DEPTH <= MAX_DEPTH) {
    // The member itself is the first position of its own subtree (a run of walk positions).
    const { orders, depths, elements } = index;
    const count = elements.length;
    const order = placement.order;
    const memberDepth = placement.depth;
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (orders[middle]! < order) low = middle + 1;
      else high = middle;
    }
    const end = order + placement.size;
    for (let position = low; position < count && orders[position]! < end; position += 1) {
      const distance = depths[position]! - memberDepth;
      if (distance <= INVENTORY_DEPTH) consider(gathered, member, elements[position]!, urls, index, position, distance);
    }
  } else {
    consider(gathered, member, member, urls, undefined, undefined, 0);
    walkElements(member, (element) => consider(gathered, member, element, urls, undefined, undefined, -1), INVENTORY_DEPTH);
  }
  // A link wrapping a heading (whole-card links) counts as a heading link too.
  const { links, headings } = gathered;
  if (headings !== NONE) {
    for (let position = 0; position < links.length; position += 1) {
      const link = links[position]!;
      if (link.heading) continue;
      const wrapped = headings.find((heading) => isInside(heading, link.anchor));
      if (wrapped) links[position] = { anchor: link.anchor, url: link.url, text: link.text, path: link.path, share: link.share, heading: wrapped, key: link.key, shape: link.shape, below: link.below, category: link.category, keyNumber: link.keyNumber };
    }
  }
  if (gathered.datePublished === '') gathered.datePublished = undefined;
  return gathered;
}

export function isInside(element: Element, container: Element): boolean {
  let current: Element | null = element;
  for (let steps = 0; current && steps < 40; steps += 1) {
    if (current === container) return true;
    current = current.parent as Element | null;
  }
  return false;
}
