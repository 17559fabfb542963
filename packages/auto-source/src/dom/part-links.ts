/**
 * Links to a part of the row's item (issue #16/#17, seventeenth session). A forum home's row links
 * the forum by its name and, in its "last post" column, the newest thread of that forum — an address
 * under the forum's own (`/general/` and `/general/5142-title.html`); a story's row links its
 * comments (`/story-12/comments`), a product's its reviews. A person reads the row as the item whose
 * address the other links extend: the deeper link is a part of that item (its latest thread, its
 * comments), a column of the row, neither a second headline nor the item's own link.
 *
 * Two links of a row stand in this relation when the one's path continues the other's past a `/`
 * (same host, the shorter path not the site's root). Two paths of a list's rows do when their links
 * do in most rows holding both, and the shorter links differ between rows (a section every row
 * shares is the rows' category, not their item).
 */

/** Share of the rows holding both links in which one lies under the other. */
const PART_SHARE = 0.6;
/** Share of the outer links that are distinct across those rows. */
const DISTINCT_SHARE = 0.9;
/** Fewest rows holding both links. */
const MIN_ROWS = 3;

/** Host and path of an http(s) URL without query and fragment, or undefined. */
function hostPath(url: string): string | undefined {
  const match = /^https?:\/\/([^/?#]+)(\/[^?#]*)?/i.exec(url);
  if (!match) return undefined;
  return `${match[1]!.toLowerCase()}${match[2] ?? '/'}`;
}

/** Whether `inner` lies under `outer` (`/forum/` → `/forum/123-title.html`); the site's root is under nothing. */
export function liesUnder(inner: string, outer: string): boolean {
  const outerPath = hostPath(outer);
  const innerPath = hostPath(inner);
  if (outerPath === undefined || innerPath === undefined) return false;
  const prefix = outerPath.endsWith('/') ? outerPath : `${outerPath}/`;
  // The site's root (`host/`) holds every page of the site.
  if (!prefix.slice(prefix.indexOf('/') + 1)) return false;
  return innerPath.length > prefix.length && innerPath.startsWith(prefix);
}

/**
 * Whether the second links of a sequence of pairs (one per row; undefined where the row lacks one)
 * lie under the first in most rows holding both, the first links distinct across those rows.
 */
export function linksPartOf(pairs: readonly (readonly [string | undefined, string | undefined])[]): boolean {
  let both = 0;
  const outers: string[] = [];
  for (const [outer, inner] of pairs) {
    if (outer === undefined || inner === undefined || outer === inner) continue;
    both += 1;
    if (liesUnder(inner, outer)) outers.push(outer);
  }
  if (both < MIN_ROWS || outers.length < both * PART_SHARE) return false;
  return new Set(outers).size >= outers.length * DISTINCT_SHARE;
}
