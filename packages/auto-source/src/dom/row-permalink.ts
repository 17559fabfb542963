import type { Inventory, MemberLink } from './inventory.js';
import type { ExtractedItem } from './item-fields.js';
import { linkSlotPath } from './primary-link.js';
import { differOnlyByDate, leadsToDayPages } from './day-pages.js';
import { frameOf, targetShapeOf, type RowAccess, type TargetShape } from './row-link-shape.js';

/**
 * Rows whose chosen link is not the item's own (issue #16, ninth session). A list's link path is
 * chosen once for all rows by text, position and headings (`chooseLinkPath`); where a post's only
 * permalink is its date, its time or an icon, the path with the longest text is the author's
 * profile, the employer, the reviewer — a page about someone else, not the item. Another path of the
 * same rows is the item's own link when its targets are unique to each row and share one shape
 * (`targetShapeOf`) and the chosen path shows, by structure alone, that it is not:
 *
 * - **repeats**: the chosen path's targets repeat across rows (the same author, company or
 *   category in several rows), while the other path's never do;
 * - **beneath**: in most rows the other link lies below the chosen one and adds a segment of its own
 *   per row (`/profile/{user}` → `/profile/{user}/post/{id}`): the post under its author's page;
 * - **a view of it**: in most rows the chosen link is the other one plus segments every row shares
 *   (`/job/{id}` → `/job/related/{id}`) and its text is a label every row repeats ("Similar jobs"):
 *   another view of the item, whose own page is the shorter. A title link to `/threads/{t}/unread`
 *   keeps its row's own title, and stays.
 *
 * - **a day's page** (tenth session, dom/day-pages.ts): the chosen links' texts are the rows' dates
 *   and their URLs differ only by the date they write (`/boxes/?date=2017-04-02`, a time-zone
 *   converter's `?iso=20260530T2100`): the page of everything on that day, or a helper, not the
 *   item. The other path must not be another page of that day (its PDF) itself. Where a table's
 *   cells all hold their links at one path (`td > a`), the chosen path's second, third… link of each
 *   row count as paths of their own (`linkSlotPath`).
 *
 * The other path must stay on the page's site (a booking or a result's off-site page is another
 * kind of page), and hold one link per row (a school's several programme links are sub-items).
 * No class, host or word is named; nothing happens unless the other path is in most rows.
 */

/** Fewest rows that must hold both paths. */
const MIN_ROWS = 3;
/** The other path must be in this share of the rows holding the chosen path. */
const COVERAGE = 0.8;
/** Share of distinct targets at or above which a path's targets are each row's own. */
const UNIQUE = 0.95;
/** Below this share of distinct targets the chosen path repeats across rows. */
const REPEATS = 0.9;
/** Share of the rows holding both paths in which a relation (beneath, a view) must hold. */
const MOST = 0.6;
/** Share of rows with several links at the other path that makes them sub-items, not a permalink. */
const SEVERAL = 0.3;
/** At most this share of distinct texts makes the chosen path's texts a label every row repeats. */
const LABEL = 0.5;

interface PathRows {
  readonly links: (MemberLink | undefined)[];
  count: number;
  /** Rows with more than one link at the path (`last`: the latest row counted). */
  several: number;
  last: number;
}

/** The list's items relinked to the rows' own permalink path (see the module comment), or `items`. */
export function relinkToRowPermalinks<S>(items: readonly ExtractedItem[], states: readonly S[], access: RowAccess<S>, pageUrl: string, options: { dayPages?: boolean } = {}): readonly ExtractedItem[] {
  if (states.length < MIN_ROWS) return items;
  const inventories = states.map((state) => access.inventoryOf(state));
  const chosen = chosenPath(items, states, inventories, access);
  if (chosen === undefined) return items;
  const byPath = new Map<string, PathRows>();
  const entryOf = (path: string): PathRows => {
    let entry = byPath.get(path);
    if (!entry) byPath.set(path, (entry = { links: new Array<MemberLink | undefined>(states.length).fill(undefined), count: 0, several: 0, last: -1 }));
    return entry;
  };
  inventories.forEach((inventory, row) => {
    const usable = inventory.links.some((link) => !link.share);
    let atChosen = 0;
    for (const link of inventory.links) {
      if (usable && link.share) continue;
      const entry = entryOf(link.path);
      if (entry.links[row] === undefined) {
        entry.links[row] = link;
        entry.count += 1;
      } else if (entry.last !== row) {
        entry.several += 1;
        entry.last = row;
      }
      // The chosen path's later links in a row (table cells whose links share one path) by order.
      if (link.path === chosen && atChosen++ > 0 && options.dayPages !== false) {
        const slot = entryOf(linkSlotPath(chosen, atChosen - 1));
        if (slot.links[row] === undefined) {
          slot.links[row] = link;
          slot.count += 1;
        }
      }
    }
  });
  const own = byPath.get(chosen);
  if (!own || own.count < MIN_ROWS) return items;
  const ownUrls = own.links.filter((link): link is MemberLink => link !== undefined).map((link) => link.url);
  const ownRepeats = distinctShare(ownUrls) < REPEATS;
  const ownTexts = own.links.filter((link): link is MemberLink => link !== undefined).map((link) => link.text.trim().toLowerCase());
  const ownLabel = new Set(ownTexts).size <= ownTexts.length * LABEL;
  // Tenth session: a date cell linked to its day's page (or a time converter) is not the item.
  const ownDayPages = options.dayPages !== false && leadsToDayPages(own.links.filter((link): link is MemberLink => link !== undefined));
  const site = siteOf(pageUrl);
  let best: { path: string; count: number } | undefined;
  for (const [path, entry] of byPath) {
    if (path === chosen || entry.count < Math.max(MIN_ROWS, own.count * COVERAGE)) continue;
    if (best && entry.count <= best.count) continue;
    if (entry.several > entry.count * SEVERAL) continue;
    // A day's page is left only for a link that is not another page of the same day (its PDF).
    if (ownDayPages && !ownRepeats && differOnlyByDate(entry.links.filter((link): link is MemberLink => link !== undefined).map((link) => link.url))) continue;
    if (isPermalinkPath(entry, own, { ownRepeats: ownRepeats || ownDayPages, ownLabel, site })) best = { path, count: entry.count };
  }
  if (!best) return items;
  // Rows without the permalink path keep the item they had (or none: a header or footer member).
  const byMember = new Map<unknown, ExtractedItem>();
  for (const item of items) byMember.set(item.member, item);
  const permalinks = byPath.get(best.path)!;
  const relinked: ExtractedItem[] = [];
  states.forEach((state, row) => {
    const item = permalinks.links[row] ? access.itemOf(state, best!.path) : byMember.get(access.memberOf(state));
    if (item?.url !== undefined) relinked.push(item);
  });
  return relinked.length >= items.length ? relinked : items;
}

function isPermalinkPath(entry: PathRows, own: PathRows, facts: { ownRepeats: boolean; ownLabel: boolean; site: string | undefined }): boolean {
  const links = entry.links.filter((link): link is MemberLink => link !== undefined);
  if (links.filter((link) => link.category).length * 2 >= links.length) return false;
  if (facts.site === undefined || links.some((link) => siteOf(link.url) !== facts.site)) return false;
  const urls = links.map((link) => link.url);
  if (new Set(urls).size < urls.length * UNIQUE) return false;
  const shape = targetShapeOf(urls);
  if (!shape) return false;
  // Rows holding both; the two must be different pages (an image and a title to one story are one link).
  let both = 0;
  let same = 0;
  let beneath = 0;
  const views = new Map<string, number>();
  let fitting = 0;
  entry.links.forEach((link, row) => {
    const chosen = own.links[row];
    if (!link || !chosen) return;
    both += 1;
    if (withoutFragment(link.url) === withoutFragment(chosen.url)) same += 1;
    const relation = relationOf(shape, chosen.url, link.url);
    if (relation === 'beneath') beneath += 1;
    else if (relation !== undefined) views.set(relation, (views.get(relation) ?? 0) + 1);
    if (frameOf(chosen.url)?.frame === shape.frame) fitting += 1;
  });
  if (both < MIN_ROWS || same > both * (1 - UNIQUE)) return false;
  // The chosen links have the other path's shape: one kind of page, nothing to tell them apart by.
  if (fitting >= both * MOST && beneath < both * MOST) return false;
  // A view: the same extra segments (`related`) in most rows, under a label every row repeats.
  const view = facts.ownLabel ? Math.max(0, ...views.values()) : 0;
  return facts.ownRepeats || beneath >= both * MOST || view >= both * MOST;
}

/**
 * 'beneath': `other` extends `chosen`'s path with at least one segment that varies between rows;
 * otherwise, when `chosen` is `other` plus literal segments (no digits), those segments (`related`):
 * a view of the item when most rows share them.
 */
function relationOf(shape: TargetShape, chosenUrl: string, otherUrl: string): string | undefined {
  const chosen = frameOf(chosenUrl);
  const other = frameOf(otherUrl);
  if (!chosen || !other || chosen.frame.split('|')[0] !== other.frame.split('|')[0]) return undefined;
  const a = chosen.segments;
  const b = other.segments;
  if (b.length > a.length && a.every((segment, position) => b[position] === segment)) {
    for (let position = a.length; position < b.length; position += 1) if (shape.fixed[position] === undefined) return 'beneath';
    return undefined;
  }
  if (a.length > b.length) {
    // `other`'s segments in order within `chosen`'s; the rest are literals, not ids.
    let next = 0;
    const extra: string[] = [];
    for (const segment of a) {
      if (next < b.length && segment === b[next]) next += 1;
      else extra.push(segment);
    }
    if (next === b.length && extra.every((segment) => !/\d/.test(segment))) return `view:${extra.join('/')}`;
  }
  return undefined;
}

/** The link path most items' links sit at. */
function chosenPath<S>(items: readonly ExtractedItem[], states: readonly S[], inventories: readonly Inventory[], access: RowAccess<S>): string | undefined {
  const rowOf = new Map<unknown, number>();
  states.forEach((state, row) => rowOf.set(access.memberOf(state), row));
  const counts = new Map<string, number>();
  for (const item of items) {
    const row = rowOf.get(item.member);
    if (row === undefined || !item.link) continue;
    const link = inventories[row]!.links.find((candidate) => candidate.anchor === item.link);
    if (link) counts.set(link.path, (counts.get(link.path) ?? 0) + 1);
  }
  let best: string | undefined;
  let most = 0;
  for (const [path, count] of counts) if (count > most) [best, most] = [path, count];
  return best;
}

function distinctShare(urls: readonly string[]): number {
  return urls.length === 0 ? 0 : new Set(urls.map(withoutFragment)).size / urls.length;
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** The host's last two labels (three under a short second-level label: `co.uk`): the page's site. */
function siteOf(url: string): string | undefined {
  try {
    const labels = new URL(url).hostname.split('.');
    const take = labels.length >= 3 && labels.at(-2)!.length <= 3 && labels.at(-1)!.length === 2 ? 3 : 2;
    return labels.slice(-take).join('.');
  } catch {
    return undefined;
  }
}
