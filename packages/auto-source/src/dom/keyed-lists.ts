import type { Element } from 'domhandler';
import type { Placement } from './collect.js';

/** Maximum members of one group that are evaluated; huge groups are cut, not skipped. */
export const MAX_GROUP_MEMBERS = 2_000;
/** How far up a member looks for another member holding it. */
const NESTING_LOOKUP = 60;

/** Elements sharing a key, with their placements; `outer` and `inner` make the key string. */
export interface KeyedList<Outer> {
  readonly outer: Outer;
  readonly inner: string;
  readonly members: Element[];
  readonly placements: Placement[];
}

/**
 * Lists in one map under a key the caller makes cheaply (a number or a string it already has), so
 * there is no second level of maps per outer key. Most keys have one element and never make a
 * group: for those the map holds only the element's walk position, and the list with its arrays
 * and placements is made for a second one. A map iterates in the order keys first appear, which
 * is the order groups keep.
 */
export function createKeyedLists<Key, Outer>(
  keyOf: (outer: Outer, inner: string) => string,
  elementAt: (position: number) => Element,
  placementAt: (position: number) => Placement,
): {
  push(key: Key, outer: Outer, inner: string, position: number): void;
  /** Lists with two members or more, in the order their keys first appeared, with their keys. */
  repeated(): { key: string; list: KeyedList<Outer> }[];
} {
  const lists = new Map<Key, KeyedList<Outer> | number>();
  return {
    push(key, outer, inner, position) {
      const found = lists.get(key);
      if (found === undefined) lists.set(key, position);
      else if (typeof found === 'number') {
        lists.set(key, { outer, inner, members: [elementAt(found), elementAt(position)], placements: [placementAt(found), placementAt(position)] });
      } else {
        found.members.push(elementAt(position));
        found.placements.push(placementAt(position));
      }
    },
    repeated() {
      const found: { key: string; list: KeyedList<Outer> }[] = [];
      for (const list of lists.values()) if (typeof list !== 'number') found.push({ key: keyOf(list.outer, list.inner), list });
      return found;
    },
  };
}

/** The members holding the current one (a stack over walk positions), reused between calls. */
const holders: (Placement | undefined)[] = [];

/**
 * Drops members nested (at most `NESTING_LOOKUP` levels) inside another member (class clusters can
 * span levels) and keeps at most `MAX_GROUP_MEMBERS`. Members come in document order, and a
 * subtree is a run of positions in the page walk, so the members holding the current one are a
 * stack; the nearest is on top. Most lists drop nothing: they are returned as they are (the caller
 * hands over its arrays), and new arrays are made only from the first member dropped.
 */
export function outermost(listMembers: Element[], listPlacements: Placement[]): { members: Element[]; placements: Placement[] } {
  let members: Element[] | undefined;
  let placements: Placement[] | undefined;
  let kept = 0;
  let top = 0;
  let highest = 0;
  for (let index = 0; index < listMembers.length && kept < MAX_GROUP_MEMBERS; index += 1) {
    const placement = listPlacements[index]!;
    while (top > 0 && placement.order >= holders[top - 1]!.order + holders[top - 1]!.size) top -= 1;
    const nearest = top > 0 ? holders[top - 1] : undefined;
    holders[top] = placement;
    top += 1;
    if (top > highest) highest = top;
    if (nearest !== undefined && placement.depth - nearest.depth <= NESTING_LOOKUP) {
      // The first member dropped: the kept ones so far are the first `kept` of the list.
      if (members === undefined || placements === undefined) {
        members = listMembers.slice(0, kept);
        placements = listPlacements.slice(0, kept);
      }
      continue;
    }
    if (members !== undefined && placements !== undefined) {
      members.push(listMembers[index]!);
      placements.push(placement);
    }
    kept += 1;
  }
  // Cleared without shortening the array (that would give its storage back): no page is kept.
  for (let index = 0; index < highest; index += 1) holders[index] = undefined;
  if (members !== undefined && placements !== undefined) return { members, placements };
  if (kept === listMembers.length) return { members: listMembers, placements: listPlacements };
  return { members: listMembers.slice(0, kept), placements: listPlacements.slice(0, kept) };
}
