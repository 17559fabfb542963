import { isFragile, ownHooks, signature } from './hooks.js';
import { ancestry, contains, type PickerDom } from './picker-dom.js';

/** Parts the picker offers, named as in feeds.yml (and as `capture` names them). */
export const PART_NAMES = ['title', 'url', 'published_at', 'image', 'description'] as const;
export type PartName = (typeof PART_NAMES)[number];

export interface PickedPart {
  /** Relative to the item; absent: the item element itself. */
  readonly selector?: string;
  readonly extractor: 'text' | 'href' | 'attribute';
  readonly attribute?: string;
  readonly post_process?: readonly { readonly name: 'parse_time' }[];
  readonly fragile: boolean;
  /** How many of the items have a match for it. */
  readonly found: number;
}

/** Attributes lazy-loading scripts keep the real picture address in (the page's `src` is a placeholder). */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy'];
const MONTHS = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\b/i;

/** Whether a text reads as a date (`parse_time` can then turn it into one). */
export function looksLikeDate(text: string): boolean {
  const value = text.trim();
  if (value === '' || value.length > 60) return false;
  if (/\b\d{4}-\d{1,2}-\d{1,2}\b/.test(value) || /\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b/.test(value)) return true;
  if (MONTHS.test(value) && /\d/.test(value)) return true;
  return /\b(?:\d+\s+(?:minute|hour|day|week|month|year)s?\s+ago|yesterday|today)\b/i.test(value);
}

/**
 * The element the user meant for a part, near the one clicked: the link around or inside it for
 * `url`, the picture for `image`, the `<time>` for `published_at`.
 */
export function partTarget<E>(dom: PickerDom<E>, item: E, clicked: E, part: PartName): E {
  const within = ancestry(dom, clicked).filter((element) => contains(dom, item, element));
  const nearest = (test: (element: E) => boolean) => within.find(test) ?? [clicked, ...dom.selectAll(clicked, '*')].find(test);
  if (part === 'url') return nearest((element) => dom.tag(element) === 'a' && dom.attribute(element, 'href') !== undefined) ?? clicked;
  if (part === 'image') return nearest((element) => dom.tag(element) === 'img') ?? clicked;
  if (part === 'published_at') return nearest((element) => dom.tag(element) === 'time') ?? clicked;
  return clicked;
}

/** The part's selector relative to `item`, and how its value is read. */
export function pickPart<E>(dom: PickerDom<E>, items: readonly E[], item: E, clicked: E, part: PartName): PickedPart {
  const target = partTarget(dom, item, clicked, part);
  const selector = target === item ? undefined : relativeSelector(dom, items, item, target);
  const how = extractorFor(dom, target, part);
  const found = selector === undefined ? items.length : items.filter((other) => dom.selectAll(other, selector).length > 0).length;
  return { ...(selector === undefined ? {} : { selector }), ...how, fragile: selector !== undefined && isFragile(selector), found };
}

export function extractorFor<E>(dom: PickerDom<E>, target: E, part: PartName): Pick<PickedPart, 'extractor' | 'attribute' | 'post_process'> {
  const tag = dom.tag(target);
  if (part === 'url') return { extractor: 'href' };
  if (part === 'image' && tag === 'img') return { extractor: 'attribute', attribute: LAZY_SOURCES.find((name) => dom.attribute(target, name)) ?? 'src' };
  if (part === 'published_at') {
    if (tag === 'time' && dom.attribute(target, 'datetime')) return { extractor: 'attribute', attribute: 'datetime' };
    return { extractor: 'text', post_process: [{ name: 'parse_time' }] };
  }
  return { extractor: 'text' };
}

/**
 * The shortest stable selector whose first match inside `item` is `target`, preferring ones that
 * match once per item and that find something in most items: the target's own hooks, then behind
 * a hook of an ancestor inside the item, then a child-combinator path of kinds.
 */
export function relativeSelector<E>(dom: PickerDom<E>, items: readonly E[], item: E, target: E): string {
  const between = ancestry(dom, target).slice(1, ancestry(dom, target).indexOf(item));
  // The bare tag first: `time`, `img`, `h2` are the most lasting when they are unique in the item.
  const own = [dom.tag(target), ...ownHooks(dom, target).filter((hook) => hook !== dom.tag(target))];
  const candidates = [...own];
  for (const ancestor of between.slice(0, 3)) for (const anchor of ownHooks(dom, ancestor).slice(0, 3)) for (const hook of own.slice(0, 3)) candidates.push(`${anchor} ${hook}`);
  candidates.push([...between].reverse().map((element) => signature(dom, element)).concat(signature(dom, target)).join(' > '));
  let best: { selector: string; rank: number[] } | undefined;
  candidates.forEach((selector, order) => {
    const here = dom.selectAll(item, selector);
    if (here[0] !== target) return;
    const found = items.filter((other) => dom.selectAll(other, selector).length > 0).length;
    const rank = [-found, here.length === 1 ? 0 : 1, isFragile(selector) ? 1 : 0, order];
    if (!best || compare(rank, best.rank) < 0) best = { selector, rank };
  });
  return best?.selector ?? candidates[candidates.length - 1] ?? dom.tag(target);
}

function compare(left: readonly number[], right: readonly number[]): number {
  for (let index = 0; index < left.length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
