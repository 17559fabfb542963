import type { Element } from 'domhandler';
import { isHeadingName } from '../util/dom.js';
import { DATE_LIKE } from './class-names.js';

/**
 * The elements a member inventory reads (links, headings, times, images, date-like markup), in
 * document order with their position and depth from the page walk. A subtree is a contiguous run
 * of positions in that walk, so a member's inventory visits only these elements inside it instead
 * of every element below it (members nest: lists in wrappers in wrappers).
 */
export interface SubtreeIndex {
  readonly elements: readonly Element[];
  /** Position of each element in the page walk (ascending); the first `elements.length` count. */
  readonly orders: Int32Array;
  readonly depths: Int32Array;
  /** Per indexed element, what its readers work out once (a link's URL, text and ancestors). */
  readonly slots: unknown[];
  /** The page walk, by walk position (order − 1): each element's parent position (-1 at the top), signature and element. */
  readonly walkParents: Int32Array;
  readonly walkSignatures: readonly string[];
  readonly walkElements: readonly Element[];
  /** `classFlags` of each element's class attribute (0 without one), by walk position. */
  readonly walkClassBits: Uint8Array;
}


/**
 * True for every element an inventory does something with (a superset is fine, a subset is not).
 * `classBits`: `classFlags` of its class attribute (0 without one).
 */
export function mayMatter(element: Element, classBits: number): boolean {
  const name = element.name;
  if (name === 'a' || name === 'time' || name === 'img' || isHeadingName(name)) return true;
  const attributes = element.attribs as Record<string, string> | undefined;
  if (attributes === undefined) return false;
  if (attributes['role'] !== undefined || attributes['itemprop'] !== undefined) return true;
  const className = attributes['class'];
  return className !== undefined && className.length > 0 && element.children.length <= 3 && (classBits & DATE_LIKE) !== 0;
}

/**
 * `capacity`: the most elements that can be added (the page's element count); `walk`: the walk's
 * parents, signatures and elements (filled by the walk as it adds elements).
 */
export function createSubtreeIndex(
  capacity: number,
  walk: { readonly parents: Int32Array; readonly signatures: readonly string[]; readonly elements: readonly Element[]; readonly classBits: Uint8Array },
): SubtreeIndex & { add(element: Element, order: number, depth: number): void } {
  const elements: Element[] = [];
  const orders = new Int32Array(capacity);
  const depths = new Int32Array(capacity);
  // One slot per element, filled as elements are added: slots written far past the end of an
  // empty array would turn it into a slow dictionary.
  const slots: unknown[] = [];
  return {
    elements,
    orders,
    depths,
    slots,
    walkParents: walk.parents,
    walkSignatures: walk.signatures,
    walkElements: walk.elements,
    walkClassBits: walk.classBits,
    add(element, order, depth) {
      orders[elements.length] = order;
      depths[elements.length] = depth;
      elements.push(element);
      slots.push(undefined);
    },
  };
}
