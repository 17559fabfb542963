import type { Document, Element } from 'domhandler';
import { attribute, pageElements } from '../util/dom.js';
import { createKeyedLists, outermost } from './keyed-lists.js';
import { signature } from './signature.js';
import { createSubtreeIndex, mayMatter, type SubtreeIndex } from './subtree-index.js';

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
const BOILERPLATE_NAMES = /(^|[-_\s])(nav|navbar|navigation|menu|menubar|footer|header|masthead|sidebar|breadcrumbs?|pagination|pager|cookie|consent|share|sharing|social|subnav|topbar|toolbar|skip|related|trending|popular|widget|promo|advert|ads?|sponsored|newsletter)([-_\s]|$)/i;
const MAIN_NAMES = /^(main|content|main-content|maincontent|primary|page-content|site-content|results|search-results|posts|articles|stream)$/i;
/** Tags that can be list items, numbered: a group key is a number made of a parent's id and this. */
const ITEM_TAGS = new Map(['article', 'li', 'div', 'section', 'tr', 'dt', 'a', 'h2', 'h3', 'h4', 'p', 'td', 'span', 'figure', 'header', 'details', 'dd'].map((name, index) => [name, index]));
const TAG_SLOTS = 32;
const LINK_OR_HEADING = /^(a|h[1-6])$/;

/** Placement plus what the walk reuses for the element's children. */
interface Visited extends Placement {
  size: number;
  anchors: number;
  chrome: boolean;
  readonly signature: string;
  readonly id: string;
  /** `ul.x#id>` for grouping children by parent; '' when it has no classes or id. Made on first use. */
  childPrefix: string | undefined;
  /** Interned id of `childPrefix` (0 for ''). Made on first use. */
  childPrefixId: number;
  /** Whether it has exactly one element child (`tag` children only). Made on first use. */
  soleChild: boolean | undefined;
}

/** One pass over the body: placements for every element and the candidate groups. */
export function collectGroups(document: Document): Collected {
  // Path ids by parent path id and signature id, as one number (no key string, no map per parent):
  // ids never exceed the element count, so `parent × stride + signature` is unique.
  const stride = pageElements(document).elements.length + 1;
  const signatureIds = new Map<string, number>();
  const pathIds = new Map<number, number>();
  const prefixIds = new Map<string, number>();
  const byPath = createKeyedLists<number, number>((parentPathId, name) => `${parentPathId}>${name}`);
  const byParent = createKeyedLists<number, string>((prefix, name) => `${prefix}${name}`);
  const byClass = createKeyedLists<string, string>((ownSignature) => ownSignature);
  const articleMembers: Element[] = [];
  const articlePlacements: Placement[] = [];
  const visitedInOrder: Visited[] = [];
  const parentsInOrder: (Visited | undefined)[] = [];
  // The last placement seen at each depth: in a pre-order walk that is the parent of the next
  // element one level deeper (no lookup by element).
  const openAt: (Visited | undefined)[] = [];
  let elementCount = 0;
  const intern = (parentPathId: number, ownSignature: string): number => {
    let signatureId = signatureIds.get(ownSignature);
    if (signatureId === undefined) {
      signatureId = signatureIds.size + 1;
      signatureIds.set(ownSignature, signatureId);
    }
    const key = parentPathId * stride + signatureId;
    let id = pathIds.get(key);
    if (id === undefined) {
      id = pathIds.size + 1;
      pathIds.set(key, id);
    }
    return id;
  };
  const prefixIdOf = (placement: Visited, name: string): number => {
    if (placement.childPrefix === undefined) {
      const prefix = placement.signature !== name || placement.id ? `${placement.signature}#${placement.id}>` : '';
      placement.childPrefix = prefix;
      if (prefix) {
        let id = prefixIds.get(prefix);
        if (id === undefined) {
          id = prefixIds.size + 1;
          prefixIds.set(prefix, id);
        }
        placement.childPrefixId = id;
      }
    }
    return placement.childPrefixId;
  };
  const page = pageElements(document);
  const index = createSubtreeIndex(page.elements.length);
  for (let position = 0; position < page.elements.length; position += 1) {
    const element = page.elements[position]!;
    const depth = page.depths[position]!;
    elementCount += 1;
    const parent = element.parent as Element | null;
    // Depth 1 hangs off the document, which has no placement.
    const parentPlacement = depth > 1 ? openAt[depth - 1] : undefined;
    const parentPathId = parentPlacement?.pathId ?? 0;
    const ownSignature = signature(element);
    const role = attribute(element, 'role') ?? '';
    const id = attribute(element, 'id') ?? '';
    const className = attribute(element, 'class') ?? '';
    const placement: Visited = {
      boilerplate: (parentPlacement?.boilerplate ?? false) || BOILERPLATE_TAGS.has(element.name) || BOILERPLATE_ROLES.has(role),
      // Tested apart rather than joined: a name is bounded by start, end or separators either way.
      namedBoilerplate: element.name !== 'body' && element.name !== 'main' && ((id.length > 0 && BOILERPLATE_NAMES.test(id)) || (className.length > 0 && BOILERPLATE_NAMES.test(className))),
      main: (parentPlacement?.main ?? false) || element.name === 'main' || role === 'main' || (id.length > 0 && MAIN_NAMES.test(id)),
      depth,
      order: elementCount,
      pathId: intern(parentPathId, ownSignature),
      size: 1,
      anchors: LINK_OR_HEADING.test(element.name) ? 1 : 0,
      chrome: false,
      signature: ownSignature,
      id,
      childPrefix: undefined,
      childPrefixId: 0,
      soleChild: undefined,
    };
    openAt[depth] = placement;
    visitedInOrder.push(placement);
    parentsInOrder.push(parentPlacement);
    if (mayMatter(element)) index.add(element, elementCount, depth);
    const tagIndex = ITEM_TAGS.get(element.name);
    if (tagIndex === undefined || element.name === 'body') continue;
    // A sole child only wraps its parent's content: the repetition (and the item) is one level up.
    if (parent && parent.type === 'tag' && parent.name !== 'body' && (parentPlacement ? (parentPlacement.soleChild ??= isSoleElementChild(element)) : isSoleElementChild(element))) continue;
    byPath.push(parentPathId * TAG_SLOTS + tagIndex, parentPathId, element.name, element, placement);
    if (parent && parent.type === 'tag' && parentPlacement) {
      const prefixId = prefixIdOf(parentPlacement, parent.name);
      if (prefixId > 0) byParent.push(prefixId * TAG_SLOTS + tagIndex, parentPlacement.childPrefix!, element.name, element, placement);
    }
    if (ownSignature !== element.name) byClass.push(ownSignature, ownSignature, '', element, placement);
    if (element.name === 'article') {
      articleMembers.push(element);
      articlePlacements.push(placement);
    }
  }
  // Subtree sizes and link/heading counts, bottom-up over the pre-order list (no recursion).
  for (let index = visitedInOrder.length - 1; index >= 0; index -= 1) {
    const parentPlacement = parentsInOrder[index];
    if (!parentPlacement) continue;
    const placement = visitedInOrder[index]!;
    parentPlacement.size += placement.size;
    parentPlacement.anchors += placement.anchors;
  }
  // Chrome-like names (menu, sidebar, share...) on the element or an ancestor with a smallish
  // subtree, top-down now that sizes are known. A "nav"-named wrapper around most of the page is a
  // layout accident, not navigation.
  const namedLimit = Math.max(50, elementCount * 0.25);
  for (let index = 0; index < visitedInOrder.length; index += 1) {
    const placement = visitedInOrder[index]!;
    placement.chrome = (placement.namedBoilerplate && placement.size < namedLimit) || (parentsInOrder[index]?.chrome ?? false);
  }
  const groups: Group[] = [];
  const add = (kind: Group['kind'], key: string, members: readonly Element[], placements: readonly Placement[]): void => {
    const kept = outermost(members, placements);
    if (kept.members.length >= 2) groups.push({ kind, key, members: kept.members, placements: kept.placements });
  };
  for (const { key, list } of byPath.repeated()) add('path', key, list.members!, list.placements!);
  for (const { key, list } of byParent.repeated()) add('parent', key, list.members!, list.placements!);
  for (const { key, list } of byClass.repeated()) add('class', key, list.members!, list.placements!);
  if (articleMembers.length >= 2) add('semantic', 'article', articleMembers, articlePlacements);
  let placements: Map<Element, Placement> | undefined;
  const placementOf = (element: Element): Placement | undefined => {
    if (placements === undefined) {
      placements = new Map();
      for (let position = 0; position < visitedInOrder.length; position += 1) placements.set(page.elements[position]!, visitedInOrder[position]!);
    }
    return placements.get(element);
  };
  return { groups, placementOf, elementCount, elements: page.elements, index };
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
