import { isFragile } from './hooks.js';
import { extractorFor, partTarget, pickPart, relativeSelector, type PartName, type PickedPart } from './part-selector.js';
import { ancestry, contains, type PickerDom } from './picker-dom.js';

/**
 * How many elements after its item a part may sit. Lists made of pairs put an item's parts in the
 * element that follows it: a `dd` after its `dt`, a summary row after a title row, a `p` after an
 * `h3` in a run of headings and paragraphs. Three covers `dt dd dd` and a title row with two rows
 * under it; further away the element belongs to the page more than to the item.
 */
const MAX_COMPANION_DISTANCE = 3;

/** An element that follows an item among its siblings and belongs to it. */
export interface Companion<E> {
  readonly item: E;
  /** The siblings from the one right after the item up to the one holding the click. */
  readonly path: readonly E[];
}

/**
 * The item a click outside every item belongs to: the nearest item before the clicked element (or
 * one of its ancestors) among its siblings, at most three elements away, with no other item and no
 * element holding an item in between. `undefined` when the click is not in such an element.
 */
export function companionOf<E>(dom: PickerDom<E>, items: readonly E[], clicked: E): Companion<E> | undefined {
  for (const element of ancestry(dom, clicked)) {
    if (items.some((item) => contains(dom, element, item))) return undefined;
    const parent = dom.parent(element);
    if (!parent) return undefined;
    const siblings = dom.children(parent);
    const index = siblings.indexOf(element);
    for (let back = 1; back <= MAX_COMPANION_DISTANCE && index - back >= 0; back += 1) {
      const before = siblings[index - back]!;
      if (items.includes(before)) return { item: before, path: siblings.slice(index - back + 1, index + 1) };
      if (items.some((item) => contains(dom, before, item))) break;
    }
  }
  return undefined;
}

/**
 * The selector from an item to its companion: `:scope + dd`, `:scope + tr + tr`. Tags only, as the
 * position after the item is what ties the companion to it (classes of the companion add nothing
 * but fragility). `:scope` keeps the selector valid in the browser and in the engine alike.
 */
export function companionPrefix<E>(dom: PickerDom<E>, companion: Companion<E>): string {
  return [':scope', ...companion.path.map((element) => dom.tag(element))].join(' + ');
}

/** A picked part and the element its selector finds from the item it was picked in (to outline, and to pick again when the items change). */
export interface PartPick<E> {
  readonly picked: PickedPart;
  readonly element: E;
}

/**
 * The part picked at `clicked`, inside an item or in an element right after one (see
 * `MAX_COMPANION_DISTANCE`); `undefined` when the click is in neither.
 */
export function pickPartNear<E>(dom: PickerDom<E>, items: readonly E[], clicked: E, part: PartName): PartPick<E> | undefined {
  const item = items.find((match) => contains(dom, match, clicked));
  if (item) {
    const picked = pickPart(dom, items, item, clicked, part);
    const element = picked.selector === undefined ? item : (dom.selectAll(item, picked.selector)[0] ?? partTarget(dom, item, clicked, part));
    return { picked, element };
  }
  const companion = companionOf(dom, items, clicked);
  if (!companion) return undefined;
  const sibling = companion.path[companion.path.length - 1]!;
  const target = partTarget(dom, sibling, clicked, part);
  const prefix = companionPrefix(dom, companion);
  let selector = prefix;
  if (target !== sibling) {
    // The part's place inside the companion, ranked over every item's companion.
    const companions = items.map((other) => dom.selectAll(other, prefix)[0]).filter((found): found is E => found !== undefined);
    selector = `${prefix} ${relativeSelector(dom, companions, sibling, target)}`;
  }
  const found = items.filter((other) => dom.selectAll(other, selector).length > 0).length;
  const picked: PickedPart = { selector, ...extractorFor(dom, target, part), fragile: isFragile(selector), found };
  return { picked, element: dom.selectAll(companion.item, selector)[0] ?? target };
}
