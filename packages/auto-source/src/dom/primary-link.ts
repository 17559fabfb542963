import type { Element } from 'domhandler';
import { attribute } from '../util/dom.js';
import type { Inventory, MemberLink } from './inventory.js';
import { agendaPathOf, isAgendaText } from './agenda-links.js';
import { isEntryPath } from './entry-permalinks.js';

// Which of a member's links is its item's link (read by `extractItem`, item-fields.ts): the link at
// the list-wide path chosen for the rows, else one a reader would take for the title's link.

const TITLE_CLASS = /(^|[-_])(title|headline|heading)([-_]|$)/i;

/** Tag names only: `div.a > h2.b > a` → `div > h2 > a`, for items whose classes vary (modifiers). */
const skeletons = new Map<string, string>();
function skeleton(path: string): string {
  let value = skeletons.get(path);
  if (value === undefined) {
    value = path.replace(/\.[^\s>]+/g, '');
    // Paths repeat across members and pages; the cache only bounds itself.
    if (skeletons.size >= 20_000) skeletons.clear();
    skeletons.set(path, value);
  }
  return value;
}

/** Separates a link path from the position of the link among a row's links at that path. */
const SLOT_MARK = '\u0000';

/**
 * The `ordinal`-th link (from 0) at `path` in each row, as a link path: table cells whose links all
 * sit at one path (`td.left > a`) are told apart by their order (tenth session, dom/row-permalink.ts).
 */
export function linkSlotPath(path: string, ordinal: number): string {
  return ordinal === 0 ? path : `${path}${SLOT_MARK}${ordinal}`;
}

/**
 * The member's link at the list-wide path, else at the same tag path. Share buttons are skipped
 * unless every link of the member reads as one (a share-like class on the whole row), as in
 * `fallbackLink`.
 */
export function linkAt(inventory: Inventory, linkPath: string | undefined): MemberLink | undefined {
  if (linkPath === undefined) return undefined;
  const usable = inventory.links.some((link) => !link.share);
  const agendaPath = agendaPathOf(linkPath);
  if (agendaPath !== undefined) {
    for (const link of inventory.links) if ((!usable || !link.share) && link.path === agendaPath && isAgendaText(link.text)) return link;
    return undefined;
  }
  // An entry read by its permalink has no link of the inventory's (dom/entry-permalinks.ts).
  if (isEntryPath(linkPath)) return undefined;
  const mark = linkPath.indexOf(SLOT_MARK);
  if (mark !== -1) {
    const path = linkPath.slice(0, mark);
    let ordinal = Number(linkPath.slice(mark + 1));
    for (const link of inventory.links) if ((!usable || !link.share) && link.path === path && ordinal-- === 0) return link;
    return undefined;
  }
  for (const link of inventory.links) if ((!usable || !link.share) && link.path === linkPath) return link;
  const shape = skeleton(linkPath);
  for (const link of inventory.links) if ((!usable || !link.share) && skeleton(link.path) === shape) return link;
  return undefined;
}

/** Fallback when the list-wide path is missing in this member: heading link, titled link, else the first long link. */
export function fallbackLink(inventory: Inventory): MemberLink | undefined {
  // The links that are not share buttons, else all of them: looked through in place (no arrays).
  const links = inventory.links;
  let usable = false;
  for (const link of links) {
    if (!link.share) {
      usable = true;
      break;
    }
  }
  for (const link of links) if ((!usable || !link.share) && link.heading) return link;
  for (const link of links) {
    if ((!usable || !link.share) && TITLE_CLASS.test(`${attribute(link.anchor, 'class') ?? ''} ${attribute(link.anchor.parent as Element, 'class') ?? ''}`) && link.text) return link;
  }
  let longest = 0;
  for (const link of links) if ((!usable || !link.share) && link.text.length > longest) longest = link.text.length;
  for (const link of links) if ((!usable || !link.share) && link.text.length >= longest * 0.6) return link;
  return undefined;
}
