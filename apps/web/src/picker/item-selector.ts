import { isFragile, ownHooks, similar, usableClasses } from './hooks.js';
import { ancestry, contains, type PickerDom } from './picker-dom.js';

/** A set of item elements and the selector that finds them. */
export interface ItemSet<E> {
  readonly selector: string;
  /** What the selector matches in the page (the items the feed will have). */
  readonly matches: readonly E[];
  /** The item that holds the user's click: parts are picked relative to it. */
  readonly example: E;
  readonly fragile: boolean;
  /** The selector matches exactly the intended elements (no extras, none missing). */
  readonly exact: boolean;
}

export interface ListCandidate {
  readonly items: string;
  readonly score: number;
}

const MAX_PREFIX_LEVELS = 5;

/**
 * The repeating element holding `target`. Two proposals: the auto-source candidate (with at least
 * two items) whose item around the click is innermost, the better score among equals; and the
 * nearest ancestor with a sibling of its kind (with their cousins in sibling groups, as in a grid
 * of rows). When the candidate's item lies within that group, the candidate's items inside the
 * group's parent are taken (its granularity, and only the homepage section clicked in); otherwise
 * the one closer to the click wins (the group on a tie), so that a big candidate such as "the
 * blocks of the main column" does not swallow the list the user clicked in. Neither: the clicked
 * element alone.
 */
export function itemsFromClick<E>(dom: PickerDom<E>, root: E, target: E, candidates: readonly ListCandidate[], excluded: readonly E[] = []): ItemSet<E> {
  const depth = (element: E) => ancestry(dom, element).length;
  let best: { example: E; matches: readonly E[]; selector: string; score: number } | undefined;
  for (const candidate of candidates) {
    const matches = dom.selectAll(root, candidate.items);
    const example = matches.find((match) => contains(dom, match, target));
    if (!example || matches.length < 2) continue;
    if (!best || depth(example) > depth(best.example) || (depth(example) === depth(best.example) && candidate.score > best.score)) {
      best = { example, matches, selector: candidate.items, score: candidate.score };
    }
  }
  const repeating = repeatingAncestor(dom, target);
  if (best && repeating && contains(dom, repeating, best.example)) {
    // The candidate's items, but only those of the group the click is in (a homepage section).
    const scope = dom.parent(dom.parent(repeating) ?? root) ?? root;
    const local = best.matches.filter((match) => contains(dom, scope, match));
    if (local.length >= 2) return selectorForSet(dom, root, local, best.example, excluded, local.length === best.matches.length ? best.selector : undefined);
  }
  if (repeating && (!best || depth(repeating) >= depth(best.example))) return selectorForSet(dom, root, sameKind(dom, root, repeating), repeating, excluded);
  if (best) return selectorForSet(dom, root, best.matches, best.example, excluded, best.selector);
  return selectorForSet(dom, root, [target], target, excluded);
}

/** The nearest ancestor-or-self of `target` that has a sibling of its own kind. */
function repeatingAncestor<E>(dom: PickerDom<E>, target: E): E | undefined {
  for (const element of ancestry(dom, target)) {
    const parent = dom.parent(element);
    if (!parent || ['html', 'body', 'head'].includes(dom.tag(element))) return undefined;
    const siblings = dom.children(parent).filter((sibling) => similar(dom, sibling, element));
    if (siblings.length >= 2 && distinctItems(dom, element, siblings)) return element;
  }
  return undefined;
}

/**
 * Whether same-kind siblings look like items rather than parts of one item (a card's two inner
 * boxes): when the clicked one holds a link, at least two of them hold different links.
 */
function distinctItems<E>(dom: PickerDom<E>, element: E, siblings: readonly E[]): boolean {
  const linkOf = (candidate: E) => (dom.tag(candidate) === 'a' ? dom.attribute(candidate, 'href') : undefined) ?? dom.selectAll(candidate, 'a[href]').map((link) => dom.attribute(link, 'href'))[0];
  if (linkOf(element) === undefined) return true;
  return new Set(siblings.map(linkOf).filter((href) => href !== undefined)).size >= 2;
}

/** One level up: the parents of the items (or the parent's own kind, when they share a parent). */
export function widen<E>(dom: PickerDom<E>, root: E, current: ItemSet<E>, excluded: readonly E[] = []): ItemSet<E> {
  const example = dom.parent(current.example);
  if (!example || dom.tag(example) === 'body' || dom.tag(example) === 'html') return current;
  let parents = unique(current.matches.map((match) => dom.parent(match)).filter((parent): parent is E => parent !== undefined));
  if (parents.length < 2) parents = sameKind(dom, root, example);
  return selectorForSet(dom, root, parents, example, excluded);
}

/** One level down, towards the click: in every item, its first child of the clicked child's kind. */
export function narrow<E>(dom: PickerDom<E>, root: E, current: ItemSet<E>, target: E, excluded: readonly E[] = []): ItemSet<E> {
  const path = ancestry(dom, target);
  const index = path.indexOf(current.example);
  const example = index > 0 ? path[index - 1] : dom.children(current.example)[0];
  if (example === undefined) return current;
  const children = current.matches.flatMap((match) => dom.children(match).filter((child) => similar(dom, child, example)).slice(0, 1));
  return selectorForSet(dom, root, children.includes(example) ? children : [example, ...children], example, excluded);
}

/** Every element of `element`'s kind whose parent is of its parent's kind: a list, or a grid of lists. */
function sameKind<E>(dom: PickerDom<E>, root: E, element: E): E[] {
  const parent = dom.parent(element);
  const scope = parent ? dom.parent(parent) ?? root : root;
  return dom.selectAll(scope, dom.tag(element)).filter((other) => {
    const otherParent = dom.parent(other);
    return similar(dom, other, element) && otherParent !== undefined && parent !== undefined && (otherParent === parent || similar(dom, otherParent, parent));
  });
}

/**
 * A selector for exactly `targets` (never matching `avoid`), trying stable hooks first: the
 * targets' shared hooks alone, then behind a hook of a common ancestor, then an exclusion by a
 * shared hook; positions only as the last resort (`fallback`, e.g. auto-source's own selector, or
 * a path of `:nth-child` steps), then marked fragile.
 */
export function selectorForSet<E>(dom: PickerDom<E>, root: E, wanted: readonly E[], example: E, avoid: readonly E[] = [], fallback?: string): ItemSet<E> {
  const targets = wanted.filter((element) => !avoid.includes(element));
  const exampleKept = targets.includes(example) ? example : (targets[0] ?? example);
  const shared = sharedHooks(dom, targets.length > 0 ? targets : [example]);
  const tried: { selector: string; matches: readonly E[]; extras: number; missing: number }[] = [];
  const evaluate = (selector: string) => {
    const matches = dom.selectAll(root, selector);
    const result = { selector, matches, extras: matches.filter((match) => !targets.includes(match)).length, missing: targets.filter((target) => !matches.includes(target)).length };
    tried.push(result);
    return result.extras === 0 && result.missing === 0;
  };
  const candidates = [...shared, ...prefixed(dom, targets, shared)];
  for (const selector of candidates) if (evaluate(selector)) return done(selector);
  for (const selector of candidates.slice(0, 6)) {
    const excluded = exclusionOf(dom, targets, tried.find((entry) => entry.selector === selector)?.matches ?? []);
    if (excluded && evaluate(`${selector}${excluded}`)) return done(`${selector}${excluded}`);
  }
  if (fallback !== undefined && evaluate(fallback)) return done(fallback);
  const complete = tried.find((entry) => entry.missing === 0 && entry.extras > 0 && entry.extras <= 5);
  const byPosition = complete && positionalExclusion(dom, complete.matches.filter((match) => !targets.includes(match)));
  if (complete && byPosition && evaluate(`${complete.selector}${byPosition}`)) return done(`${complete.selector}${byPosition}`);
  const positional = positionalSelector(dom, targets, shared[0] ?? dom.tag(example));
  if (positional && evaluate(positional)) return done(positional);
  const best = [...tried].sort((left, right) => left.missing - right.missing || left.extras - right.extras)[0];
  return { selector: best?.selector ?? dom.tag(example), matches: best?.matches ?? [example], example: exampleKept, fragile: true, exact: false };

  function done(selector: string): ItemSet<E> {
    return { selector, matches: dom.selectAll(root, selector), example: exampleKept, fragile: isFragile(selector), exact: true };
  }
}

/** Hooks every target has, in the first target's order of stability. */
function sharedHooks<E>(dom: PickerDom<E>, targets: readonly E[]): string[] {
  const [first, ...rest] = targets;
  if (first === undefined) return [];
  const others = rest.map((element) => new Set(ownHooks(dom, element)));
  return ownHooks(dom, first).filter((hook) => !hook.startsWith('#') && others.every((set) => set.has(hook)));
}

/** The shared hooks behind a hook of each common ancestor, nearest first (`#list > li`, `.posts li.card`). */
function prefixed<E>(dom: PickerDom<E>, targets: readonly E[], shared: readonly string[]): string[] {
  const first = targets[0];
  if (first === undefined) return [];
  const common = ancestry(dom, first).slice(1).filter((ancestor) => targets.every((target) => contains(dom, ancestor, target)));
  const selectors: string[] = [];
  common.slice(0, MAX_PREFIX_LEVELS).forEach((ancestor, level) => {
    const anchors = ownHooks(dom, ancestor).filter((hook) => hook !== dom.tag(ancestor) || !['div', 'span', 'html', 'body'].includes(hook));
    for (const anchor of anchors.slice(0, 3)) for (const hook of shared.slice(0, 3)) selectors.push(level === 0 && targets.every((target) => dom.parent(target) === ancestor) ? `${anchor} > ${hook}` : `${anchor} ${hook}`);
  });
  return selectors;
}

/** `:not(.x)` for a class every extra match has and no target has. */
function exclusionOf<E>(dom: PickerDom<E>, targets: readonly E[], matches: readonly E[]): string | undefined {
  const extras = matches.filter((match) => !targets.includes(match));
  if (extras.length === 0) return undefined;
  const targetClasses = new Set(targets.flatMap((target) => usableClasses(dom, target)));
  const [first, ...rest] = extras.map((extra) => usableClasses(dom, extra));
  const common = (first ?? []).filter((name) => !targetClasses.has(name) && rest.every((classes) => classes.includes(name)));
  return common[0] === undefined ? undefined : `:not(.${common[0]})`;
}

/** `:not(:nth-child(k))` for each extra match (the last resort for excluding items). */
function positionalExclusion<E>(dom: PickerDom<E>, extras: readonly E[]): string | undefined {
  const positions = extras.map((extra) => {
    const parent = dom.parent(extra);
    return parent ? dom.children(parent).indexOf(extra) + 1 : 0;
  });
  return positions.some((position) => position < 1) ? undefined : unique(positions).map((position) => `:not(:nth-child(${position}))`).join('');
}

/** `…:nth-child(k) > hook` from the nearest ancestor with an id (or the body) down to the targets' parent. */
function positionalSelector<E>(dom: PickerDom<E>, targets: readonly E[], hook: string): string | undefined {
  const first = targets[0];
  const parent = first === undefined ? undefined : dom.parent(first);
  if (!parent || !targets.every((target) => dom.parent(target) === parent)) return undefined;
  const steps: string[] = [];
  for (let current: E | undefined = parent; current !== undefined; current = dom.parent(current)) {
    const tag = dom.tag(current);
    const id = dom.attribute(current, 'id');
    if (tag === 'body' || tag === 'html') {
      steps.unshift(tag);
      break;
    }
    if (id && /^-?[_a-zA-Z][\w-]*$/.test(id)) {
      steps.unshift(`#${id}`);
      break;
    }
    const up = dom.parent(current);
    const position = up ? dom.children(up).indexOf(current) + 1 : 1;
    steps.unshift(`${tag}:nth-child(${position})`);
  }
  return `${steps.join(' > ')} > ${hook}`;
}

function unique<E>(elements: readonly E[]): E[] {
  return [...new Set(elements)];
}
