import type { Inventory, MemberLink } from './inventory.js';
import type { ExtractedItem } from './item-fields.js';

/**
 * Rows whose link is not where the other rows have theirs (issue #16, eighth session). A list's
 * link is chosen once for all its rows, as a relative path (`chooseLinkPath`); a row built a little
 * differently — a retweet or reply wrapped once more in a timeline, a promoted hit, a row with an
 * extra badge — lacks that path, and the item falls back to its heading link or its longest link:
 * often a profile, a company or a category, sometimes a URL another row already has (and the row is
 * then lost as a repeat). What the other rows' links look like says which link is the row's own:
 *
 * - the rows' links share a target shape: the same host, number of path segments, positions of
 *   numeric segments (ids, years) and query keys (`frameOf`) in most rows, and at each segment
 *   position either one value in most of them (`status`, `jobs`) or a value of its own per row;
 * - a row whose link sits off the list's common path and does not fit that shape takes the first
 *   link of its own that fits it exactly, else one that differs in a single fixed segment (another
 *   author's `/{user}/status/{id}`), provided no other row already has that URL.
 *
 * Structure only: no class, host or word is named; rows whose link is on the common path are never
 * touched, and nothing happens unless most rows (`MAJORITY`) share one frame.
 */

/** Share of the linked rows that must share one frame (and of those, one value per fixed segment). */
const MAJORITY = 0.6;
/** Fewest rows with a link in the frame for the shape to say anything. */
const MIN_ROWS = 3;
/** A segment of digits (an id, a year), possibly with a few letters around (`p1234`, `1234.html`). */
const NUMERIC = /^[^\d]{0,3}\d{2,}[^\d]{0,6}$/;

interface Parsed {
  readonly frame: string;
  readonly segments: readonly string[];
}

const parsedUrls = new Map<string, Parsed | undefined>();

/** Host, segment count, numeric positions and query keys: URLs of one kind of page share it. */
export function frameOf(url: string): Parsed | undefined {
  if (parsedUrls.has(url)) return parsedUrls.get(url);
  let parsed: Parsed | undefined;
  try {
    const target = new URL(url);
    const segments = target.pathname.split('/').filter(Boolean).map((segment) => segment.toLowerCase());
    const numeric = segments.map((segment) => (NUMERIC.test(segment) ? '#' : '_')).join('');
    const keys = [...new Set([...target.searchParams.keys()])].sort().join('&');
    parsed = { frame: `${target.host}|${numeric}|${keys}`, segments };
  } catch {
    parsed = undefined;
  }
  if (parsedUrls.size >= 20_000) parsedUrls.clear();
  parsedUrls.set(url, parsed);
  return parsed;
}

/** The rows' target shape: the frame most of them share and, per literal segment, its usual value. */
export interface TargetShape {
  readonly frame: string;
  readonly host: string;
  /** Per segment position: the value most rows have there, or undefined when it varies. */
  readonly fixed: readonly (string | undefined)[];
}

export function targetShapeOf(urls: readonly string[]): TargetShape | undefined {
  const byFrame = new Map<string, Parsed[]>();
  for (const url of urls) {
    const parsed = frameOf(url);
    if (!parsed) continue;
    const list = byFrame.get(parsed.frame);
    if (list) list.push(parsed);
    else byFrame.set(parsed.frame, [parsed]);
  }
  let best: Parsed[] = [];
  for (const list of byFrame.values()) if (list.length > best.length) best = list;
  if (best.length < MIN_ROWS || best.length < urls.length * MAJORITY) return undefined;
  const fixed: (string | undefined)[] = [];
  for (let position = 0; position < best[0]!.segments.length; position += 1) {
    const counts = new Map<string, number>();
    for (const parsed of best) {
      const segment = parsed.segments[position]!;
      if (!NUMERIC.test(segment)) counts.set(segment, (counts.get(segment) ?? 0) + 1);
    }
    let value: string | undefined;
    for (const [segment, count] of counts) if (count >= best.length * MAJORITY) value = segment;
    fixed.push(value);
  }
  // A frame without a fixed or numeric segment (`/{section}/{slug}`) fits nearly any link of the site.
  const frame = best[0]!.frame;
  if (!fixed.some((value) => value !== undefined) && !frame.split('|')[1]!.includes('#')) return undefined;
  return { frame, host: frame.split('|')[0]!, fixed };
}

/** 0: fits exactly; 1: one fixed segment differs (and another fixed or numeric one holds); -1: no fit. */
export function fitOf(shape: TargetShape, url: string): number {
  const parsed = frameOf(url);
  if (!parsed || parsed.frame !== shape.frame) return -1;
  let differing = 0;
  let holding = parsed.segments.filter((segment) => NUMERIC.test(segment)).length;
  shape.fixed.forEach((value, position) => {
    if (value === undefined) return;
    if (parsed.segments[position] === value) holding += 1;
    else differing += 1;
  });
  if (differing === 0) return 0;
  return differing === 1 && holding >= 1 ? 1 : -1;
}

/** What the relinking needs of the DOM tier: a member's inventory and its item with a given link path. */
export interface RowAccess<S> {
  readonly inventoryOf: (state: S) => Inventory;
  readonly itemOf: (state: S, linkPath: string | undefined) => ExtractedItem | undefined;
  readonly memberOf: (state: S) => unknown;
}

/**
 * The list's items with each off-path row relinked to its link of the rows' target shape (see the
 * module comment); `items` itself when no row changes. Rows that lost their item to a repeated URL
 * come back when they gain a link of their own.
 */
export function relinkOffPathRows<S>(items: readonly ExtractedItem[], states: readonly S[], access: RowAccess<S>): readonly ExtractedItem[] {
  const linkedUrls = items.map((item) => item.url).filter((url): url is string => url !== undefined);
  const shape = targetShapeOf(linkedUrls);
  if (!shape) return items;
  const byMember = new Map<unknown, ExtractedItem>();
  for (const item of items) byMember.set(item.member, item);
  const commonPath = commonLinkPath(items, states, access);
  const used = new Set(linkedUrls);
  const beside = besideKinds(items, states, access, shape);
  const result: ExtractedItem[] = [];
  let changed = false;
  states.forEach((state, row) => {
    const current = byMember.get(access.memberOf(state));
    const inventory = access.inventoryOf(state);
    const onPath = current !== undefined && linkOf(inventory, current)?.path === commonPath;
    // A row linking another host than the rows' links is another kind of item (a vertical, an
    // external result), not a row that lost its link.
    if (current && (onPath || (current.url !== undefined && (fitOf(shape, current.url) === 0 || frameOf(current.url)?.frame.split('|')[0] !== shape.host)))) {
      result.push(current);
      return;
    }
    const replacement = ownLink(inventory, shape, used, beside, row);
    const item = replacement ? access.itemOf(state, replacement.path) : undefined;
    if (item && item.link === replacement!.anchor && item.url !== undefined) {
      used.add(item.url);
      result.push(item);
      changed = true;
    } else if (current) result.push(current);
  });
  return changed ? result : items;
}

/** The link path most items' links sit at. */
function commonLinkPath<S>(items: readonly ExtractedItem[], states: readonly S[], access: RowAccess<S>): string | undefined {
  const stateOf = new Map<unknown, S>();
  for (const state of states) stateOf.set(access.memberOf(state), state);
  const counts = new Map<string, number>();
  for (const item of items) {
    const state = stateOf.get(item.member);
    const path = state === undefined ? undefined : linkOf(access.inventoryOf(state), item)?.path;
    if (path !== undefined) counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  let best: string | undefined;
  let most = 0;
  for (const [path, count] of counts) if (count > most) [best, most] = [path, count];
  return best;
}

function linkOf(inventory: Inventory, item: ExtractedItem): MemberLink | undefined {
  if (!item.link) return undefined;
  for (const link of inventory.links) if (link.anchor === item.link) return link;
  return undefined;
}

/**
 * The kinds (`looseKind`) of the links that sit beside the rows' own links: a `/forums/users/{name}`
 * profile in every topic row fits `/forums/topic/{slug}` but for one segment, and is no row's link.
 */
function besideKinds<S>(items: readonly ExtractedItem[], states: readonly S[], access: RowAccess<S>, shape: TargetShape): Map<string, number> {
  const own = new Set<unknown>();
  for (const item of items) if (item.link) own.add(item.link);
  // Per kind: the one row that has it, or -1 when several do.
  const kinds = new Map<string, number>();
  states.forEach((state, row) => {
    for (const link of access.inventoryOf(state).links) {
      if (own.has(link.anchor)) continue;
      const kind = looseKind(shape, link.url);
      if (kind === undefined) continue;
      const seen = kinds.get(kind);
      kinds.set(kind, seen === undefined || seen === row ? row : -1);
    }
  });
  return kinds;
}

/** A link's frame with the values of the shape's fixed segments: what a loose fit differs in. */
function looseKind(shape: TargetShape, url: string): string | undefined {
  const parsed = frameOf(url);
  if (!parsed || parsed.frame !== shape.frame) return undefined;
  return shape.fixed.map((value, position) => (value === undefined ? '*' : parsed.segments[position])).join('/');
}

/**
 * The row's first link that fits the shape exactly, else loosely (of a kind no other row has beside
 * its own link); the first at its path, not yet any row's.
 */
function ownLink(inventory: Inventory, shape: TargetShape, used: ReadonlySet<string>, beside: ReadonlyMap<string, number>, row: number): MemberLink | undefined {
  let loose: MemberLink | undefined;
  // Share buttons are skipped unless every link of the row reads as one (a class on the whole row).
  const usable = inventory.links.some((link) => !link.share);
  for (const link of inventory.links) {
    if ((usable && link.share) || link.category || used.has(link.url) || !firstAtPath(inventory, link, usable)) continue;
    const fit = fitOf(shape, link.url);
    if (fit === 0) return link;
    if (fit === 1 && (beside.get(looseKind(shape, link.url)!) ?? row) === row) loose ??= link;
  }
  return loose;
}

function firstAtPath(inventory: Inventory, link: MemberLink, usable: boolean): boolean {
  for (const other of inventory.links) if ((!usable || !other.share) && other.path === link.path) return other === link;
  return false;
}
