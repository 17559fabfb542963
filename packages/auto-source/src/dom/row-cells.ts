import type { Element } from 'domhandler';
import type { ScoreFeature } from '@pagefeed/core';
import { sameItemRows } from './same-item-links.js';

/**
 * Rows whose cells outscore them (issue #16, sixth session). A table or a row of links — a
 * meeting's agenda, minutes and video; a concert's artist, venue and "more" link; a topic's title,
 * author and last post — gives the hand score more items when each cell is counted as one, so the
 * cells' list leads and every row becomes several items. A reader subscribes to the rows. The
 * cells are recognised by structure alone:
 *
 * - another leading list encloses them: nearly every cell sits inside one of its members (the rows);
 * - the rows are alike: most rows hold the same small number of cells (2–8), and most rows hold
 *   some (year or topic blocks hold a varying, often large number of entries);
 * - the cells read as columns: a good share of their titles occur in other rows too ("Agenda",
 *   "Minutes", a venue), or in most rows they lead to different kinds of page (`targetKind`: an
 *   artist and a venue, a profile and a topic, a page and its PDF). A product grid laid out in
 *   table rows has neither: its cells have titles of their own and lead to pages of one kind;
 * - the rows are a list of their own: at least `MIN_ROWS`, a different URL in each, and a hand
 *   score at least half the cells'.
 *
 * With `cappedCells` (off unless true, fourteenth session), a cell list cut at the member limit is
 * compared with the rows it reaches only.
 */

/** Only the leading candidates are compared. */
const COMPARED = 12;
/** Fewest rows (a handful of page sections with the same number of stories each are not rows). */
const MIN_ROWS = 5;
/** Cells per row: a row with one cell is the cell; more than this is a block of entries. */
const MIN_CELLS = 2;
const MAX_CELLS = 8;
/** Share of rows that hold the most common number of cells, and share of rows that hold any. */
const ALIKE_ROWS = 0.6;
const FILLED_ROWS = 0.8;
/** Share of the cells whose title occurs in another cell as well. */
const REPEATED_LABELS = 0.3;
/** Share of the rows' URLs that are distinct, and of rows that have one. */
const DISTINCT_URLS = 0.9;
/** The rows must still be a strong list: their hand score at least this share of the cells'. */
const SCORE_SHARE = 0.5;
/** Share of the cells that must sit inside the rows. */
const INSIDE_ROWS = 0.9;
/** Share of the rows (with two linked cells or more) whose cells link to different kinds of page. */
const MIXED_ROWS = 0.6;
/** File names that are programs: their name is the kind of page (`profile.php`, `ViewMeeting.aspx`). */
const PROGRAM = /\.(php\d?|aspx?|jsp|cgi|pl|cfm|do)$/i;
/** Rows of two headlines (see `headlineRows`): their share that makes the cells items, not columns. */
const HEADLINE_ROWS = 0.6;
const HEADLINE_RATIO = 0.6;
const HEADLINE_LENGTH = 8;
/** One part per row: the rows must link elsewhere than their part in this share of rows. */
const OTHER_LINK_ROWS = 0.6;
/** How far up from a cell the enclosing row is looked for. */
const MAX_STEPS = 12;

export interface RowRanked {
  items: readonly { readonly member: Element; readonly url: string | undefined; readonly titleKey: string; readonly title?: string }[];
  score: number;
  features: ScoreFeature[];
  /** The list stopped at the member limit (dom/keyed-lists.ts): it covers the page's first rows only. */
  readonly cut?: boolean;
}

/** Rows per cell: the index of the row member each cell sits in, or -1. */
function rowOfCells(rows: RowRanked, cells: RowRanked): Int32Array | undefined {
  const rowIndex = new Map<Element, number>();
  rows.items.forEach((item, index) => rowIndex.set(item.member, index));
  const found = new Int32Array(cells.items.length).fill(-1);
  for (let index = 0; index < cells.items.length; index += 1) {
    let current = cells.items[index]!.member.parent as Element | null;
    for (let steps = 0; current && steps < MAX_STEPS; steps += 1) {
      const row = rowIndex.get(current);
      if (row !== undefined) {
        found[index] = row;
        break;
      }
      current = current.parent as Element | null;
    }
  }
  // Nearly every cell must sit in a row (a header or separator row may be missing from the rows'
  // list): a list that only partly lies in the rows is another list.
  const outside = found.filter((row) => row === -1).length;
  return outside <= cells.items.length * (1 - INSIDE_ROWS) ? found : undefined;
}

/** The rows-over-cells rule's switches. */
export interface RowCellOptions {
  /**
   * A cell list cut at the member limit is compared with the rows it reaches (off unless true,
   * fourteenth session). A large meeting archive's table has more cells than a list keeps, so its
   * cells reach the first few hundred rows only and the rows after them read as empty: the rows
   * looked unlike and the cells led.
   */
  readonly cappedCells?: boolean;
  /**
   * Cells of a row that lead to the same item (the same item number: a thread's title and its
   * "last post" link) read as its columns (dom/same-item-links.ts; fourteenth session).
   */
  readonly sameItemLinks?: boolean;
}

/** What the rows-over-cells rule asks of the ranking's candidates beyond their items. */
export interface RowCellChecks<T> {
  /**
   * Whether a row candidate is groups of entries under headings (dom/entry-groups.ts): such rows
   * do not move over their cells. Unset: no candidate is.
   */
  readonly entryGroups?: (entry: T) => boolean;
}

/** The last row any cell sits in (-1 when none does). */
function lastRow(found: Int32Array): number {
  let last = -1;
  for (const row of found) if (row > last) last = row;
  return last;
}

/** Share of the cells whose title occurs in another cell too. */
function repeatedLabels(cells: RowRanked): number {
  const counts = new Map<string, number>();
  for (const item of cells.items) counts.set(item.titleKey, (counts.get(item.titleKey) ?? 0) + 1);
  let repeated = 0;
  for (const item of cells.items) if (item.titleKey && (counts.get(item.titleKey) ?? 0) > 1) repeated += 1;
  return cells.items.length > 0 ? repeated / cells.items.length : 0;
}

/**
 * The kind of page a URL leads to: host, first folder (digits folded: `/2022/` is any year) and,
 * for a program or a file, its name or type. `/artist/a` and `/venue/b` differ, and so do
 * `profile.php?u=1` and `topic.php?t=2` or a page and its PDF; `/news/1` and `/news/2` do not.
 */
export function targetKind(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const segments = parsed.pathname.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const extension = /\.([a-z0-9]{1,5})$/i.exec(last)?.[1]?.toLowerCase();
  const file = extension === undefined ? '*' : PROGRAM.test(last) ? last.toLowerCase() : `.${extension}`;
  const folder = segments.length > 1 ? segments[0]!.toLowerCase().replace(/\d+/g, '0') : '';
  return `${parsed.host}/${folder}/${file}`;
}

/** Share of the rows holding two linked cells or more whose cells lead to different kinds of page. */
function mixedTargets(cells: RowRanked, found: Int32Array): number {
  const kinds = new Map<number, Set<string>>();
  const linked = new Map<number, number>();
  cells.items.forEach((item, index) => {
    const row = found[index]!;
    if (row < 0 || !item.url) return;
    linked.set(row, (linked.get(row) ?? 0) + 1);
    let set = kinds.get(row);
    if (!set) kinds.set(row, (set = new Set()));
    set.add(targetKind(item.url));
  });
  let rows = 0;
  let mixed = 0;
  for (const [row, count] of linked) {
    if (count < 2) continue;
    rows += 1;
    if ((kinds.get(row)?.size ?? 0) > 1) mixed += 1;
  }
  return rows > 0 ? mixed / rows : 0;
}

/** True when `cells` reads as the cells of `rows` (see the module comment). */
export function areCellsOf(rows: RowRanked, cells: RowRanked, options: RowCellOptions = {}): boolean {
  const rowCount = rows.items.length;
  if (rowCount < MIN_ROWS || rowCount >= cells.items.length) return false;
  const urls = rows.items.map((item) => item.url).filter(Boolean);
  if (urls.length < rowCount * DISTINCT_URLS || new Set(urls).size < rowCount * DISTINCT_URLS) return false;
  const found = rowOfCells(rows, cells);
  if (!found) return false;
  // Cells cut at the member limit reach the first rows only: the rows after the last one they reach are not compared.
  const compared = options.cappedCells === true && cells.cut === true ? lastRow(found) + 1 : rowCount;
  const perRow = new Int32Array(rowCount);
  for (const row of found) if (row >= 0) perRow[row] = (perRow[row] ?? 0) + 1;
  const filled = perRow.filter((count) => count > 0);
  if (filled.length < compared * FILLED_ROWS) return false;
  const tally = new Map<number, number>();
  for (const count of filled) tally.set(count, (tally.get(count) ?? 0) + 1);
  let modal = 0;
  let modalRows = 0;
  for (const [count, rowsWith] of tally) if (rowsWith > modalRows) [modal, modalRows] = [count, rowsWith];
  if (modal < MIN_CELLS || modal > MAX_CELLS || modalRows < compared * ALIKE_ROWS) return false;
  if (repeatedLabels(cells) >= REPEATED_LABELS || (mixedTargets(cells, found) >= MIXED_ROWS && headlineRows(cells, found) < HEADLINE_ROWS)) return true;
  return options.sameItemLinks === true && sameItemRows(cells.items, found, DISTINCT_URLS) >= MIXED_ROWS;
}

/**
 * Share of the rows (with two linked cells or more) that hold two headlines: the second-longest
 * cell title at least `HEADLINE_RATIO` of the longest and `HEADLINE_LENGTH` characters. A homepage
 * box of two stories is two items; a topic beside its author's name, a meeting beside "Agenda" is
 * one item with columns.
 */
function headlineRows(cells: RowRanked, found: Int32Array): number {
  const lengths = new Map<number, number[]>();
  cells.items.forEach((item, index) => {
    const row = found[index]!;
    if (row < 0 || !item.url) return;
    let list = lengths.get(row);
    if (!list) lengths.set(row, (list = []));
    list.push(titleLength(item));
  });
  let rows = 0;
  let headlines = 0;
  for (const list of lengths.values()) {
    if (list.length < 2) continue;
    rows += 1;
    list.sort((left, right) => right - left);
    if (list[1]! >= HEADLINE_LENGTH && list[1]! >= list[0]! * HEADLINE_RATIO) headlines += 1;
  }
  return rows > 0 ? headlines / rows : 0;
}

/**
 * True when `part` is one part of each row of `rows` (a thread's starter, a last-post box) that
 * links elsewhere than the row: one part in nearly every row, the rows' links distinct and, in
 * most rows, different from their part's but on the same site (a post whose caption links a photo
 * elsewhere keeps its permalink), and the rows' titles longer than the parts' (the row's link is
 * chosen among all its links and carries the item's title; an author's name, a date or a count is
 * shorter).
 */
export function isPartOf(rows: RowRanked, part: RowRanked): boolean {
  const rowCount = rows.items.length;
  const urls = rows.items.map((item) => item.url).filter(Boolean);
  if (urls.length < rowCount * DISTINCT_URLS || new Set(urls).size < rowCount * DISTINCT_URLS) return false;
  const found = holdsOnePartEach(rows, part);
  if (!found) return false;
  let other = 0;
  let rowTitles = 0;
  let partTitles = 0;
  found.forEach((row, index) => {
    if (row < 0) return;
    const own = rows.items[row]!;
    const cell = part.items[index]!;
    if (own.url && cell.url && own.url !== cell.url && hostOf(own.url) === hostOf(cell.url)) other += 1;
    rowTitles += titleLength(own);
    partTitles += titleLength(cell);
  });
  return other >= part.items.length * OTHER_LINK_ROWS && rowTitles > partTitles;
}

/** A list's items with another link choice, and the hand score they get. */
export interface Relinked<T extends RowRanked> {
  readonly items: T['items'];
  readonly score: number;
}

/** The row of each part when nearly every row holds exactly one (by member, before any relinking). */
function holdsOnePartEach(rows: RowRanked, part: RowRanked): Int32Array | undefined {
  const rowCount = rows.items.length;
  if (rowCount < MIN_ROWS || part.items.length > rowCount || part.items.length < rowCount * FILLED_ROWS) return undefined;
  const found = rowOfCells(rows, part);
  return found && new Set(found).size >= part.items.length * INSIDE_ROWS ? found : undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function titleLength(item: RowRanked['items'][number]): number {
  return (item.title ?? item.titleKey).length;
}

/**
 * When the leading list is the cells of rows that are themselves a leading list, or one part of
 * each row that links elsewhere, the rows move to the front with the `rowsOfCells` feature (the
 * points that lift them to the leader's score). `relink` gives a list's items with the link chosen
 * among the row's columns (the longest title); the rows keep those items.
 */
export function preferRowsOverCells<T extends RowRanked>(ranked: T[], relink: (entry: T) => Relinked<T> | undefined = () => undefined, options: RowCellOptions = {}, checks: RowCellChecks<T> = {}): T[] {
  const leader = ranked[0];
  if (!leader) return ranked;
  let relinked: Relinked<T> | undefined;
  const rows = ranked.slice(1, COMPARED).find((entry) => {
    relinked = undefined;
    if (entry.score < leader.score * SCORE_SHARE) return false;
    if (areCellsOf(entry, leader, options)) return checks.entryGroups?.(entry) !== true;
    // A part: the rows as they read with their title links must still be a strong list.
    if (!holdsOnePartEach(entry, leader) || !(relinked = relink(entry))) return false;
    return relinked.score >= leader.score * SCORE_SHARE && isPartOf({ ...entry, items: relinked.items }, leader);
  });
  if (!rows) return ranked;
  const items = (relinked ?? relink(rows))?.items;
  if (items) rows.items = items;
  const bonus = Math.round((leader.score - rows.score + 0.001) * 1000) / 1000;
  rows.features = [...rows.features, { name: 'rowsOfCells', value: 1, weight: bonus, note: `the leading list's items are cells or parts of these rows (alike rows, repeated labels or other links)` }];
  rows.score = Math.round((rows.score + bonus) * 1000) / 1000;
  return [rows, ...ranked.filter((entry) => entry !== rows)];
}
