/**
 * Links of one row to the same item (issue #16/#17, fourteenth session). A forum board's row links
 * its thread by the title and again by "last post", "New" or a page number; a row of a grid may link
 * one record from two columns. Both links carry the item's number (`threadid=3522091` and
 * `goto=lastpost&threadid=3522091`, `om=268641` and `/268641.shtml`), the number that differs from
 * row to row. A person reads the link with the row's title as the item; the other link is a column
 * of the same item (who posted last, where the unread posts start), not an item, and not the item's
 * own link either.
 *
 * The item's numbers are the runs of at least `MIN_DIGITS` digits in the URL's path and query (the
 * fragment is left out: `#18` is a place in the page). Two links lead to the same item when every
 * number of one is a number of the other (`/team/9565/x` and `/ranking/2026/details/9565`), not
 * when they merely share one (two stories of one box, each with its own number, under one cache
 * stamp). Two paths of a list's rows link the same item when their links do so in most rows
 * holding both, and the shared numbers differ between rows (a year or a section number shared by
 * every row is no item's).
 */

/** Fewest digits of an item number (page numbers and days are shorter). */
const MIN_DIGITS = 4;
/** Share of the rows holding both links in which they carry the same number. */
const SAME_SHARE = 0.6;
/** Share of those numbers that are distinct across the rows. */
const DISTINCT_SHARE = 0.9;
/** Fewest rows holding both links. */
const MIN_ROWS = 3;

/** The numbers a URL carries: its runs of `MIN_DIGITS` digits or more, outside the host and the fragment. */
export function itemNumbers(url: string): string[] {
  const hash = url.indexOf('#');
  const body = hash >= 0 ? url.slice(0, hash) : url;
  const start = body.indexOf('//');
  const afterHost = start >= 0 ? body.indexOf('/', start + 2) : 0;
  if (afterHost < 0) return [];
  const numbers: string[] = [];
  for (const match of body.slice(afterHost).matchAll(/\d+/g)) if (match[0].length >= MIN_DIGITS) numbers.push(match[0]);
  return numbers;
}

/**
 * The item two URLs both lead to, as the numbers of the one with fewer (joined), when every number
 * of it is a number of the other; undefined when they lead to different items or carry none.
 */
export function sharedItem(left: string, right: string): string | undefined {
  const leftNumbers = itemNumbers(left);
  const rightNumbers = itemNumbers(right);
  const [fewer, more] = leftNumbers.length <= rightNumbers.length ? [leftNumbers, rightNumbers] : [rightNumbers, leftNumbers];
  if (fewer.length === 0 || !fewer.every((number) => more.includes(number))) return undefined;
  return fewer.join('/');
}

/**
 * Whether two sequences of links, one pair per row (undefined where the row lacks one), lead to the
 * same item in most rows: same item number, numbers distinct across the rows.
 */
export function linkSameItems(pairs: readonly (readonly [string | undefined, string | undefined])[]): boolean {
  let both = 0;
  const shared: string[] = [];
  for (const [left, right] of pairs) {
    if (left === undefined || right === undefined || left === right) continue;
    both += 1;
    const item = sharedItem(left, right);
    if (item !== undefined) shared.push(item);
  }
  if (both < MIN_ROWS || shared.length < both * SAME_SHARE) return false;
  return new Set(shared).size >= shared.length * DISTINCT_SHARE;
}

/**
 * Share of the rows (with two linked cells or more) two of whose cells lead to the same item (carry
 * the same item number, a number no other such row shares): a thread's title and its "last post".
 * `found` gives each cell's row (-1 outside the rows); `distinct` is the share of rows whose item
 * must differ (dom/row-cells.ts's rule for the rows-over-cells check).
 */
export function sameItemRows(cells: readonly { readonly url: string | undefined }[], found: Int32Array, distinct: number): number {
  const urls = new Map<number, string[]>();
  cells.forEach((item, index) => {
    const row = found[index]!;
    if (row < 0 || !item.url) return;
    let list = urls.get(row);
    if (!list) urls.set(row, (list = []));
    list.push(item.url);
  });
  let rows = 0;
  const shared: string[] = [];
  for (const list of urls.values()) {
    if (list.length < 2) continue;
    rows += 1;
    const item = firstSharedItem(list);
    if (item !== undefined) shared.push(item);
  }
  // A number every row shares (a year, a section) is no item's.
  if (new Set(shared).size < shared.length * distinct) return 0;
  return rows > 0 ? shared.length / rows : 0;
}

/** The item two different URLs of a row both lead to (the first such pair's), if any. */
function firstSharedItem(urls: readonly string[]): string | undefined {
  for (let first = 0; first < urls.length; first += 1) {
    for (let second = first + 1; second < urls.length; second += 1) {
      if (urls[first] === urls[second]) continue;
      const item = sharedItem(urls[first]!, urls[second]!);
      if (item !== undefined) return item;
    }
  }
  return undefined;
}
