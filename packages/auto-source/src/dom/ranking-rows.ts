import type { ExtractedItem } from './item-fields.js';

/**
 * Ranking inputs read from a candidate's rows and their link targets (issue #16, ninth session),
 * named by the "another block chosen" failures of batches 1–29: menus, day bars and blogrolls whose
 * rows are a single short link with nothing beside it, pointing to section indexes or to siblings
 * of the page's own address, against item lists whose rows carry text and dates and whose links
 * share one deeper template. Each is a fact about structure, never a site's vocabulary. Read only
 * when a ranking model is on.
 */
export const ROW_RANKING_FEATURES = [
  'navRows', 'bareRows', 'indexTargets', 'depthGain', 'siblingTargets', 'rowDates', 'distinctTargets', 'templateShare',
] as const;

/** A navigation-shaped row: one link of at most this many words, and nothing beside it. */
const NAV_WORDS = 3;
const BESIDE = 3;

/** A link target's path segments and whether it has a query. */
export interface LinkTarget {
  readonly segments: readonly string[];
  readonly query: boolean;
}

function targetOf(url: string): LinkTarget | undefined {
  try {
    const parsed = new URL(url);
    return { segments: parsed.pathname.split('/').filter(Boolean), query: parsed.search.length > 1 };
  } catch {
    return undefined;
  }
}

const TARGETS = new WeakMap<object, Map<string, LinkTarget | undefined>>();

/**
 * `targetOf`, each URL parsed once per page: the twelve leading candidates share rows and links
 * (a list and the rows inside it), and every URL was parsed again for each (seventeenth session).
 * `scope` is any object that lives as long as the page (its URL facts); without one nothing is kept.
 */
export function linkTargets(scope: object | undefined): (url: string) => LinkTarget | undefined {
  if (!scope) return targetOf;
  let known = TARGETS.get(scope);
  if (!known) {
    known = new Map();
    TARGETS.set(scope, known);
  }
  const targets = known;
  return (url) => {
    if (targets.has(url)) return targets.get(url);
    const target = targetOf(url);
    targets.set(url, target);
    return target;
  };
}

const DIGITS = /\d/;

/** A link target's template: how deep it is, its first segment, whether its last has digits. */
function template(target: LinkTarget): string {
  const last = target.segments.at(-1) ?? '';
  return `${target.segments.length}|${target.segments[0] ?? ''}|${DIGITS.test(last) ? 1 : 0}|${target.query ? 1 : 0}`;
}

/** Share of navigation-shaped rows (the first row fact, `navRows`), read without parsing any link. */
export function navigationShare(items: readonly ExtractedItem[]): number {
  let nav = 0;
  for (const item of items) if (item.linkCount <= 1 && item.textLength - item.linkTextLength <= BESIDE && item.titleWords <= NAV_WORDS) nav += 1;
  return nav / Math.max(1, items.length);
}

/** The row facts of one candidate, in ROW_RANKING_FEATURES order (`scope`: see `linkTargets`). */
export function rowInputs(items: readonly ExtractedItem[], pageUrl: string | undefined, scope?: object): number[] {
  const targetOf = linkTargets(scope);
  const page = pageUrl === undefined ? undefined : targetOf(pageUrl);
  const pageParent = page ? page.segments.slice(0, -1).join('/') : undefined;
  let nav = 0;
  let bare = 0;
  let dates = 0;
  let urls = 0;
  let index = 0;
  let depth = 0;
  let siblings = 0;
  const keys = new Set<string>();
  const templates = new Map<string, number>();
  for (const item of items) {
    const beside = item.textLength - item.linkTextLength;
    if (item.linkCount <= 1 && beside <= BESIDE) {
      bare += 1;
      if (item.titleWords <= NAV_WORDS) nav += 1;
    }
    if (item.hasDate || item.published !== undefined) dates += 1;
    if (item.url === undefined) continue;
    const target = targetOf(item.url);
    if (!target) continue;
    urls += 1;
    keys.add(item.urlKey ?? item.url);
    if (target.segments.length <= 1 && !target.query) index += 1;
    if (page) {
      depth += Math.max(-3, Math.min(3, target.segments.length - page.segments.length));
      if (page.segments.length > 0 && target.segments.length === page.segments.length && target.segments.slice(0, -1).join('/') === pageParent) siblings += 1;
    }
    const shape = template(target);
    templates.set(shape, (templates.get(shape) ?? 0) + 1);
  }
  const total = Math.max(1, items.length);
  const linked = Math.max(1, urls);
  return [
    nav / total,
    bare / total,
    urls === 0 ? 0 : index / linked,
    urls === 0 ? 0 : depth / linked,
    urls === 0 ? 0 : siblings / linked,
    dates / total,
    urls === 0 ? 0 : keys.size / linked,
    urls === 0 ? 0 : Math.max(...templates.values()) / linked,
  ];
}
