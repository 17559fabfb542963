import type { Inventory, MemberLink } from './inventory.js';
import type { PageUrls } from '../util/url.js';

/**
 * Chooses, for a whole list, the relative path of the primary link — the way a person writes a
 * link selector: present in most items, a different URL in each, with title-like text, preferably
 * in a heading, never a share button.
 */
export function chooseLinkPath(inventories: readonly Inventory[], urls: PageUrls): string | undefined {
  const byPath = new Map<string, MemberLink[]>();
  const positions = new Map<string, number>();
  for (const inventory of inventories) {
    const seen = new Set<string>();
    for (const [index, link] of inventory.links.entries()) {
      if (seen.has(link.path)) continue;
      seen.add(link.path);
      positions.set(link.path, (positions.get(link.path) ?? 0) + index);
      const list = byPath.get(link.path);
      if (list) list.push(link);
      else byPath.set(link.path, [link]);
    }
  }
  let best: string | undefined;
  let bestScore = 0;
  for (const [path, links] of byPath) {
    const coverage = links.length / Math.max(1, inventories.length);
    const distinct = new Set(links.map((link) => urls.key(link.url))).size / links.length;
    const averageText = links.reduce((sum, link) => sum + link.text.length, 0) / links.length;
    const textFactor = Math.min(1, 0.3 + averageText / 15);
    // Titles come first; later links are "read more", comments, tags and meta.
    const positionFactor = 1 / (1 + 0.08 * ((positions.get(path) ?? 0) / links.length));
    const headingFactor = links.filter((link) => link.heading).length / links.length >= 0.5 ? 1.5 : 1;
    const shareFactor = links.some((link) => link.share) ? 0.1 : 1;
    const shapes = links.map((link) => urls.shape(link.url));
    const contentFactor = 1 + 0.3 * (shapes.filter((shape) => shape.content).length / links.length) - 0.5 * (shapes.filter((shape) => shape.utility).length / links.length);
    // Items of a listing often live below it: /blog → /blog/post-slug, /releases → /releases/tag/v1.
    const childFactor = 1 + 0.3 * (links.filter((link) => urls.isBelow(link.url)).length / links.length);
    const score = childFactor * coverage * distinct * textFactor * positionFactor * headingFactor * shareFactor * contentFactor;
    if (score > bestScore + 1e-9) [best, bestScore] = [path, score];
  }
  return best;
}
