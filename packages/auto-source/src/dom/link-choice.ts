import type { Inventory, MemberLink } from './inventory.js';
import type { KeyNumbers } from './key-numbers.js';

/**
 * Chooses, for a whole list, the relative path of the primary link — the way a person writes a
 * link selector: present in most items, a different URL in each, with title-like text, preferably
 * in a heading, never a share button.
 */
export function chooseLinkPath(inventories: readonly Inventory[], urlKeys: KeyNumbers): string | undefined {
  // Per path: the links (one per member) and the sum of their positions within their members.
  const byPath = new Map<string, { links: MemberLink[]; position: number }>();
  let seen: Set<string> | undefined;
  for (const inventory of inventories) {
    const links = inventory.links;
    // Only each path's first link in a member counts. Few links: look back (paths are shared
    // strings, so most comparisons are by identity); many: a set.
    const many = links.length > 16;
    if (many) (seen ??= new Set()).clear();
    for (let index = 0; index < links.length; index += 1) {
      const link = links[index]!;
      if (many) {
        if (seen!.has(link.path)) continue;
        seen!.add(link.path);
      } else if (earlierPath(links, index)) continue;
      const entry = byPath.get(link.path);
      if (entry) {
        entry.links.push(link);
        entry.position += index;
      } else byPath.set(link.path, { links: [link], position: index });
    }
  }
  let best: string | undefined;
  let bestScore = 0;
  for (const [path, { links, position }] of byPath) {
    // One pass per path: a page has about a thousand candidate lists, each with a few paths.
    // Distinct URL keys are counted by their page numbers.
    urlKeys.begin();
    let distinctKeys = 0;
    let textTotal = 0;
    let headed = 0;
    let share = false;
    let content = 0;
    let utility = 0;
    let below = 0;
    for (const link of links) {
      if (urlKeys.first(link.keyNumber)) distinctKeys += 1;
      textTotal += link.text.length;
      if (link.heading) headed += 1;
      if (link.share) share = true;
      if (link.shape.content) content += 1;
      if (link.shape.utility) utility += 1;
      if (link.below) below += 1;
    }
    const coverage = links.length / Math.max(1, inventories.length);
    const distinct = distinctKeys / links.length;
    const averageText = textTotal / links.length;
    const textFactor = Math.min(1, 0.3 + averageText / 15);
    // Titles come first; later links are "read more", comments, tags and meta.
    const positionFactor = 1 / (1 + 0.08 * (position / links.length));
    const headingFactor = headed / links.length >= 0.5 ? 1.5 : 1;
    const shareFactor = share ? 0.1 : 1;
    const contentFactor = 1 + 0.3 * (content / links.length) - 0.5 * (utility / links.length);
    // Items of a listing often live below it: /blog → /blog/post-slug, /releases → /releases/tag/v1.
    const childFactor = 1 + 0.3 * (below / links.length);
    const score = childFactor * coverage * distinct * textFactor * positionFactor * headingFactor * shareFactor * contentFactor;
    if (score > bestScore + 1e-9) [best, bestScore] = [path, score];
  }
  return best;
}

function earlierPath(links: readonly MemberLink[], index: number): boolean {
  const path = links[index]!.path;
  for (let earlier = 0; earlier < index; earlier += 1) if (links[earlier]!.path === path) return true;
  return false;
}
