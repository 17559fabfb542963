/**
 * Links back to the page's own address with other parameters: a search page's related searches
 * and "more from this site" links, a listing's sort, filter and page links. They are the page's
 * controls, not its items, whatever their text, so their path shape is "utility". A link is one
 * when it has the page's host and path, a query, and at least one query key in common with the
 * page's query (so `/?p=12` on the page `/?cat=3` is an item, `/search?q=other` on `/search?q=this`
 * a refinement). Pages without a query have none: their own path with a query is often a plain
 * permalink (`/?p=12` on `/`).
 */
export type RefinementTest = (target: URL) => boolean;

/** The test for links on the page `page` (undefined when the page has no query). */
export function refinementTest(page: URL | undefined): RefinementTest | undefined {
  if (page === undefined || page.search.length < 2) return undefined;
  const pageKeys = new Set(page.searchParams.keys());
  const host = page.host;
  const path = trimmed(page.pathname);
  return (target) => {
    if (target.search.length < 2 || target.host !== host || trimmed(target.pathname) !== path) return false;
    for (const key of target.searchParams.keys()) if (pageKeys.has(key)) return true;
    return false;
  };
}

function trimmed(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return end === path.length ? path : path.slice(0, end);
}
