import type { Inventory, MemberLink } from './inventory.js';
import { pathShape, urlKey } from '../util/url.js';

/**
 * Chooses, for a whole list, the relative path of the primary link — the way a person writes a
 * link selector: present in most items, a different URL in each, with title-like text, preferably
 * in a heading, never a share button.
 */
export function chooseLinkPath(inventories: readonly Inventory[], pageUrl: string): string | undefined {
  const byPath = new Map<string, MemberLink[]>();
  for (const inventory of inventories) {
    const seen = new Set<string>();
    for (const link of inventory.links) {
      if (seen.has(link.path)) continue;
      seen.add(link.path);
      const list = byPath.get(link.path);
      if (list) list.push(link);
      else byPath.set(link.path, [link]);
    }
  }
  let best: string | undefined;
  let bestScore = 0;
  for (const [path, links] of byPath) {
    const coverage = links.length / Math.max(1, inventories.length);
    const distinct = new Set(links.map((link) => urlKey(link.url))).size / links.length;
    const averageText = links.reduce((sum, link) => sum + link.text.length, 0) / links.length;
    const textFactor = Math.min(1, 0.15 + averageText / 25);
    const headingFactor = links.filter((link) => link.heading).length / links.length >= 0.5 ? 1.5 : 1;
    const shareFactor = links.some((link) => link.share) ? 0.1 : 1;
    const shapes = links.map((link) => pathShape(link.url, pageUrl));
    const contentFactor = 1 + 0.3 * (shapes.filter((shape) => shape.content).length / links.length) - 0.5 * (shapes.filter((shape) => shape.utility).length / links.length);
    const score = coverage * distinct * textFactor * headingFactor * shareFactor * contentFactor;
    if (score > bestScore + 1e-9) [best, bestScore] = [path, score];
  }
  return best;
}
