import type { Document, Element } from 'domhandler';
import { attribute, isHeadingName, pageElements } from '../util/dom.js';
import { createKeyedLists, outermost } from './keyed-lists.js';
import { CAROUSEL_LIKE, classFlagsWith, NAMED_CHROME, namesCarousel, namesChrome } from './class-names.js';
import { signatureWith, stableEntry } from './signature.js';
import { createSubtreeIndex, mayMatter, type SubtreeIndex } from './subtree-index.js';
import { BOILERPLATE, CAROUSEL, CHROME, MAIN, NAMED_BOILERPLATE, NAMED_CAROUSEL, SOLE_CHILD, SOLE_CHILD_KNOWN, WalkPlacement, type PageFacts } from './walk-placement.js';

export { MAX_GROUP_MEMBERS } from './keyed-lists.js';

/** Where an element sits: facts inherited from its ancestors. */
export interface Placement {
  /** Inside nav/header/footer/aside or a navigation role. */
  readonly boilerplate: boolean;
  /** The element's own class or id names chrome (menu, sidebar, share...). */
  readonly namedBoilerplate: boolean;
  /** Inside `main`, `[role=main]` or a content-like id. */
  readonly main: boolean;
  readonly depth: number;
  /** Position in document order. */
  readonly order: number;
  /** Interned id of the element's own path (ancestor chain of tag + stable classes). */
  readonly pathId: number;
  /** Elements in the element's subtree (itself included). */
  readonly size: number;
  /** Links and headings in the element's subtree: members without any cannot be items. */
  readonly anchors: number;
  /** It or an ancestor with a smallish subtree has a chrome-like class or id (menu, sidebar, share...). */
  readonly chrome: boolean;
  /** It or an ancestor with a smallish subtree is named like a slider, carousel or ticker. */
  readonly carousel: boolean;
}

/** A set of elements that might be the items of one list, with how it was found. */
export interface Group {
  readonly kind: 'path' | 'parent' | 'class' | 'semantic';
  readonly key: string;
  readonly members: Element[];
  /** The members' placements, in the same order. */
  readonly placements: readonly Placement[];
}

export interface Collected {
  readonly groups: Group[];
  /** The placement of an element of the walk (undefined for others). */
  readonly placementOf: (element: Element) => Placement | undefined;
  readonly elementCount: number;
  /** Every element visited, in document order (skipped subtrees left out). */
  readonly elements: readonly Element[];
  /** The elements member inventories read, by position in this walk. */
  readonly index: SubtreeIndex;
}

const BOILERPLATE_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'menu']);
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'menu', 'menubar', 'search']);
const MAIN_NAMES = /^(main|content|main-content|maincontent|primary|page-content|site-content|results|search-results|posts|articles|stream)$/i;
/** Tags that can be list items, numbered: a group key is a number made of a parent's id and this. */
const ITEM_TAGS = new Map(['article', 'li', 'div', 'section', 'tr', 'dt', 'a', 'h2', 'h3', 'h4', 'p', 'td', 'span', 'figure', 'header', 'details', 'dd'].map((name, index) => [name, index]));
const TAG_SLOTS = 32;

/** One pass over the body: placements for every element and the candidate groups. */
export function collectGroups(document: Document): Collected {
  const page = pageElements(document);
  const count = page.elements.length;
  const facts: PageFacts = { depths: page.depths, pathIds: new Int32Array(count), sizes: new Int32Array(count), anchors: new Int32Array(count), flags: new Uint8Array(count) };
  const { pathIds, sizes, anchors, flags } = facts;
  /** Position of each element's parent in the walk (-1 for children of the document). */
  const parents = new Int32Array(count);
  /** Interned child prefix per position: 0 not made yet, -1 none, else an index into `prefixes` + 1. */
  const childPrefixIds = new Int32Array(count);
  const prefixes: string[] = [];
  const prefixIds = new Map<string, number>();
  // Path ids by parent path id and signature id, as one number (no key string, no map per parent):
  // ids never exceed the element count, so `parent × stride + signature` is unique.
  const stride = count + 1;
  const signatureIds = new Map<string, number>();
  const internedPaths = new Map<number, number>();
  // Placements are made only for elements of lists that repeat, one per element (an element can
  // be in a list by path, by parent and by class).
  const elementAt = (position: number): Element => page.elements[position]!;
  const made: (Placement | undefined)[] = [];
  for (let position = 0; position < count; position += 1) made.push(undefined);
  const placementAt = (position: number): Placement => (made[position] ??= new WalkPlacement(facts, position));
  const byPath = createKeyedLists<number, number>((parentPathId, name) => `${parentPathId}>${name}`, elementAt, placementAt);
  const byParent = createKeyedLists<number, string>((prefix, name) => `${prefix}${name}`, elementAt, placementAt);
  const byClass = createKeyedLists<string, string>((ownSignature) => ownSignature, elementAt, placementAt);
  const articleMembers: Element[] = [];
  const articlePlacements: Placement[] = [];
  // The last position seen at each depth: in a pre-order walk that is the parent of the next
  // element one level deeper (no lookup by element).
  const openAt: number[] = [];
  const intern = (parentPathId: number, ownSignature: string): number => {
    let signatureId = signatureIds.get(ownSignature);
    if (signatureId === undefined) {
      signatureId = signatureIds.size + 1;
      signatureIds.set(ownSignature, signatureId);
    }
    const key = parentPathId * stride + signatureId;
    let id = internedPaths.get(key);
    if (id === undefined) {
      id = internedPaths.size + 1;
      internedPaths.set(key, id);
    }
    return id;
  };
  /** Each element's signature by walk position (child prefixes and link paths are made of them). */
  const signatures: string[] = [];
  const classBits = new Uint8Array(count);
  /** Elements hidden by their own markup (see `isHidden`); which of them count is known once sizes are. */
  const hidden = new Uint8Array(count);
  /** `ul.x#id>` for grouping the children of the element at `position`; undefined without classes or id. */
  const childPrefixAt = (position: number, parent: Element): string | undefined => {
    let id = childPrefixIds[position]!;
    if (id === 0) {
      // The parent's signature was worked out when the walk passed it.
      const parentSignature = signatures[position]!;
      const parentId = attribute(parent, 'id') ?? '';
      if (parentSignature !== parent.name || parentId) {
        // Parents with the same prefix share it: their children form one group.
        const prefix = `${parentSignature}#${parentId}>`;
        id = prefixIds.get(prefix) ?? 0;
        if (id === 0) {
          prefixes.push(prefix);
          id = prefixes.length;
          prefixIds.set(prefix, id);
        }
      } else id = -1;
      childPrefixIds[position] = id;
    }
    return id > 0 ? prefixes[id - 1] : undefined;
  };
  const index = createSubtreeIndex(count, { parents, signatures, elements: page.elements, classBits });
  for (let position = 0; position < count; position += 1) {
    const element = page.elements[position]!;
    const depth = page.depths[position]!;
    const name = element.name;
    const parent = element.parent as Element | null;
    // Depth 1 hangs off the document, which has no placement.
    const parentPosition = depth > 1 ? openAt[depth - 1]! : -1;
    parents[position] = parentPosition;
    const parentFlags = parentPosition >= 0 ? flags[parentPosition]! : 0;
    const parentPathId = parentPosition >= 0 ? pathIds[parentPosition]! : 0;
    // One look-up of the class value gives the signature and the class-name facts.
    const className = (element.attribs as Record<string, string> | undefined)?.['class'];
    let ownSignature = name;
    let ownClassBits = 0;
    if (className) {
      const stable = stableEntry(className);
      ownSignature = signatureWith(stable, name);
      ownClassBits = classFlagsWith(stable, className);
    }
    signatures.push(ownSignature);
    classBits[position] = ownClassBits;
    const role = attribute(element, 'role') ?? '';
    const id = attribute(element, 'id') ?? '';
    let elementFlags = 0;
    if ((parentFlags & BOILERPLATE) !== 0 || BOILERPLATE_TAGS.has(name) || BOILERPLATE_ROLES.has(role)) elementFlags |= BOILERPLATE;
    if (isHidden(element)) hidden[position] = 1;
    // Tested apart rather than joined: a name is bounded by start, end or separators either way.
    if (name !== 'body' && name !== 'main' && ((id.length > 0 && namesChrome(id)) || (ownClassBits & NAMED_CHROME) !== 0)) elementFlags |= NAMED_BOILERPLATE;
    if (name !== 'body' && ((id.length > 0 && namesCarousel(id)) || (ownClassBits & CAROUSEL_LIKE) !== 0)) elementFlags |= NAMED_CAROUSEL;
    if ((parentFlags & MAIN) !== 0 || name === 'main' || role === 'main' || (id.length > 0 && MAIN_NAMES.test(id))) elementFlags |= MAIN;
    flags[position] = elementFlags;
    pathIds[position] = intern(parentPathId, ownSignature);
    sizes[position] = 1;
    anchors[position] = name === 'a' || isHeadingName(name) ? 1 : 0;
    openAt[depth] = position;
    if (mayMatter(element, ownClassBits)) index.add(element, position + 1, depth);
    const tagIndex = ITEM_TAGS.get(name);
    if (tagIndex === undefined || name === 'body') continue;
    // A sole child only wraps its parent's content: the repetition (and the item) is one level up.
    if (parent && parent.type === 'tag' && parent.name !== 'body' && (parentPosition >= 0 ? isSoleChildAt(flags, parentPosition, element) : isSoleElementChild(element))) continue;
    byPath.push(parentPathId * TAG_SLOTS + tagIndex, parentPathId, name, position);
    if (parent && parent.type === 'tag' && parentPosition >= 0) {
      const prefix = childPrefixAt(parentPosition, parent);
      if (prefix !== undefined) byParent.push(childPrefixIds[parentPosition]! * TAG_SLOTS + tagIndex, prefix, name, position);
    }
    if (ownSignature !== name) byClass.push(ownSignature, ownSignature, '', position);
    if (name === 'article') {
      articleMembers.push(element);
      articlePlacements.push(placementAt(position));
    }
  }
  // Subtree sizes and link/heading counts, bottom-up over the pre-order list (no recursion).
  for (let position = count - 1; position >= 0; position -= 1) {
    const parentPosition = parents[position]!;
    if (parentPosition < 0) continue;
    sizes[parentPosition] = sizes[parentPosition]! + sizes[position]!;
    anchors[parentPosition] = anchors[parentPosition]! + anchors[position]!;
  }
  // Chrome-like names (menu, sidebar, share...) on the element or an ancestor with a smallish
  // subtree, top-down now that sizes are known. A "nav"-named wrapper around most of the page is a
  // layout accident, not navigation.
  const namedLimit = Math.max(50, count * 0.25);
  for (let position = 0; position < count; position += 1) {
    const parentPosition = parents[position]!;
    let elementFlags = flags[position]!;
    const parentFlags = parentPosition >= 0 ? flags[parentPosition]! : 0;
    // Hidden elements (closed tabs, drop-down menus, cloned carousel slides) are not what a reader
    // sees as the page's list: they count as boilerplate like nav and footer. A hidden wrapper
    // around most of the page (the page behind an open dialog) hides nothing that matters here.
    if ((hidden[position] === 1 && sizes[position]! < namedLimit) || (parentFlags & BOILERPLATE) !== 0) elementFlags |= BOILERPLATE;
    if (((elementFlags & NAMED_BOILERPLATE) !== 0 && sizes[position]! < namedLimit) || (parentFlags & CHROME) !== 0) elementFlags |= CHROME;
    if (((elementFlags & NAMED_CAROUSEL) !== 0 && sizes[position]! < namedLimit) || (parentFlags & CAROUSEL) !== 0) elementFlags |= CAROUSEL;
    flags[position] = elementFlags;
  }
  const groups: Group[] = [];
  const add = (kind: Group['kind'], key: string, members: Element[], placements: Placement[]): void => {
    const kept = outermost(members, placements);
    if (kept.members.length >= 2) groups.push({ kind, key, members: kept.members, placements: kept.placements });
  };
  for (const { key, list } of byPath.repeated()) add('path', key, list.members, list.placements);
  for (const { key, list } of byParent.repeated()) add('parent', key, list.members, list.placements);
  for (const { key, list } of byClass.repeated()) add('class', key, list.members, list.placements);
  if (articleMembers.length >= 2) add('semantic', 'article', articleMembers, articlePlacements);
  let positions: Map<Element, number> | undefined;
  const placementOf = (element: Element): Placement | undefined => {
    if (positions === undefined) {
      positions = new Map();
      for (let position = 0; position < count; position += 1) positions.set(page.elements[position]!, position);
    }
    const position = positions.get(element);
    return position === undefined ? undefined : placementAt(position);
  };
  return { groups, placementOf, elementCount: count, elements: page.elements, index };
}

const HIDING_STYLE = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*(!important\s*)?(;|$)/i;

/** Hidden by its own markup: the `hidden` attribute, `aria-hidden="true"` or an inline `display: none`. */
function isHidden(element: Element): boolean {
  const attributes = element.attribs as Record<string, string> | undefined;
  if (!attributes) return false;
  if (attributes['hidden'] !== undefined || attributes['aria-hidden'] === 'true') return true;
  const style = attributes['style'];
  return style !== undefined && style.length > 0 && HIDING_STYLE.test(style);
}

/** Whether the element at `parentPosition` has one element child, worked out once per parent. */
function isSoleChildAt(flags: Uint8Array, parentPosition: number, child: Element): boolean {
  const parentFlags = flags[parentPosition]!;
  if ((parentFlags & SOLE_CHILD_KNOWN) !== 0) return (parentFlags & SOLE_CHILD) !== 0;
  const sole = isSoleElementChild(child);
  flags[parentPosition] = parentFlags | SOLE_CHILD_KNOWN | (sole ? SOLE_CHILD : 0);
  return sole;
}

/** The element's parent has no other `tag` child (the answer is the same for all its children). */
function isSoleElementChild(element: Element): boolean {
  const siblings = (element.parent as Element).children;
  let elements = 0;
  for (let index = 0; index < siblings.length; index += 1) {
    if (siblings[index]!.type === 'tag') elements += 1;
    if (elements > 1) return false;
  }
  return true;
}
