import type { ParentNode } from 'domhandler';
import type { Inventory, MemberLink } from './inventory.js';

/**
 * Groups of entries are no rows (issue #16/#17, seventeenth session). A list grouped under headings
 * — papers under their journal's name, posts under their day, products under their brand — gives
 * one element per group that holds the heading and a block of entries. The rows-over-cells rule
 * (dom/row-cells.ts) reads such a group as a table row whose cells are the heading and the block,
 * and the group then becomes one item linked by its first entry: every entry after the first under
 * each heading is lost. A person reads every entry under each heading as an item.
 *
 * The group is recognised by its title link alone: the link path the rows would be linked by
 * recurs in the row for several entries of their own — different targets, not side by side (a
 * performer or tag list sits in one parent), with titles that do not repeat across the rows (a
 * meeting row's "Agenda", "Minutes" documents at one path are the row's columns).
 */

/** Share of the rows holding the path that hold it for two entries or more. */
const GROUPED_ROWS = 0.3;
/** Fewest rows holding the path (a handful of boxes proves nothing). */
const MIN_ROWS = 3;
/** Largest share of the path's titles that occur more than once (labels, not entries). */
const REPEATED_TITLES = 0.3;

/** True when the rows, linked by `path`, are groups each holding several entries (see above). */
export function areEntryGroups(inventories: readonly Inventory[], path: string | undefined): boolean {
  if (path === undefined) return false;
  let holding = 0;
  let grouped = 0;
  const titles = new Map<string, number>();
  let titled = 0;
  for (const inventory of inventories) {
    const entries = inventory.links.filter((link) => link.path === path);
    if (entries.length === 0) continue;
    holding += 1;
    for (const link of entries) {
      const title = link.text.trim().toLowerCase();
      if (!title) continue;
      titled += 1;
      titles.set(title, (titles.get(title) ?? 0) + 1);
    }
    if (severalEntries(entries)) grouped += 1;
  }
  if (holding < MIN_ROWS || grouped < holding * GROUPED_ROWS) return false;
  let repeated = 0;
  for (const count of titles.values()) if (count > 1) repeated += count;
  return titled > 0 && repeated < titled * REPEATED_TITLES;
}

/**
 * Two links or more to different targets, in one block of the row (entries of one list, not the
 * same markup in two of a table row's cells) but not all in one parent (a run of tags or authors).
 */
function severalEntries(entries: readonly MemberLink[]): boolean {
  if (entries.length < 2) return false;
  const keys = new Set(entries.map((link) => link.key));
  if (keys.size < 2) return false;
  const parents = new Set(entries.map((link) => link.anchor.parent));
  if (parents.size < 2) return false;
  const blocks = new Set(entries.map(blockOf));
  return blocks.size === 1 && !blocks.has(undefined);
}

/** The row's child that holds the link: the link's ancestor at the first step of its path. */
function blockOf(link: MemberLink): ParentNode | undefined {
  let current: ParentNode | null = link.anchor;
  for (let steps = link.path.split(' > ').length - 1; steps > 0 && current; steps -= 1) current = current.parent;
  return current ?? undefined;
}
