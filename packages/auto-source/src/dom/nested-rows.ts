import type { AnyNode, Element } from 'domhandler';
import { resolveUrl } from '../util/url.js';

/**
 * A rule of the candidate ranking (issue #16, twelfth session): a threaded index — a mailing-list
 * archive's thread view, a threaded board, a reply tree — shows every message as a list item and
 * each reply as a list item inside the item it answers (`li > ul > li`; old markup also writes the
 * reply list straight inside the list, `ul > ul > li`). The walk groups rows by their path, so each
 * depth of the tree becomes its own candidate and the page's list is cut to one level. A person
 * reads every row of the tree as an item, whatever its depth: when the leading list's rows are the
 * list items of one such tree and the rows of every depth have the top level's shape (each starts
 * with its own link, reached through the same tags, into the same folder of the same site), all
 * the tree's rows are the list, in document order.
 * What does not pass: a category tree or a drop-down menu whose levels link into different folders
 * (`/topics/` and `/topics/history/`; one addressed by query strings in one folder does pass, and
 * on the development pages that only ever made a wrong leader bigger); change notes nested under
 * releases (they do not start with a link of the releases' folder); files attached under a
 * document row (a spreadsheet under an agenda: reached through other tags).
 * Judged on every page of both corpora (corpus/tools/score-inprocess.mjs through the cascade);
 * BENCHMARKS.md, "Twelfth session: candidate ranking".
 */

/** Share of the leader's rows that must be list items of one tree. */
const ONE_TREE = 0.8;
/** Fewest rows below the tree's top level (a thread with a few replies is not yet a tree). */
const MIN_NESTED = 3;
/** Share of all the tree's rows, and of its nested rows, that must have the top level's shape. */
const SAME_SHAPE = 0.9;
/** Steps up the tree a walk takes, and rows a tree may have (a bound on the work, not a signal). */
const MAX_STEPS = 40;
const MAX_ROWS = 3000;

const isTag = (node: AnyNode | null | undefined): node is Element => node !== null && node !== undefined && node.type === 'tag';
const isList = (element: Element): boolean => element.name === 'ul' || element.name === 'ol';

/** The list item a candidate member stands for: the member itself, or the item it is the sole part of. */
function rowOf(member: Element): Element | undefined {
  if (member.name === 'li') return member;
  const parent = member.parent;
  return isTag(parent) && parent.name === 'li' ? parent : undefined;
}

/** The list that holds the outermost list item around `row` (the tree's top list). */
function topListOf(row: Element): Element | undefined {
  let outermost = row;
  let current = row.parent;
  for (let steps = 0; isTag(current) && steps < MAX_STEPS; steps += 1) {
    if (current.name === 'li') outermost = current;
    current = current.parent;
  }
  let list = outermost.parent;
  if (!isTag(list) || !isList(list)) return undefined;
  // Old markup nests a reply list straight inside the list (`ul > ul > li`): the outer list is the top.
  for (let steps = 0; isTag(list.parent) && isList(list.parent) && steps < MAX_STEPS; steps += 1) list = list.parent;
  return list;
}

/**
 * The link a row starts with: the first `a[href]` before any text of the row's own and before its
 * nested list; undefined when the row starts with text or holds no such link.
 */
export function leadingLink(row: Element): Element | undefined {
  let found: Element | undefined;
  let stopped = false;
  const visit = (node: AnyNode): void => {
    if (found || stopped) return;
    if (node.type === 'text') {
      if ((node as { data: string }).data.trim() !== '') stopped = true;
      return;
    }
    if (!isTag(node)) return;
    if (isList(node)) {
      stopped = true;
      return;
    }
    if (node.name === 'a' && node.attribs['href'] !== undefined) {
      found = node;
      return;
    }
    for (const child of node.children) visit(child);
  };
  for (const child of row.children) visit(child);
  return found;
}

/**
 * The list items of a tree, every depth, in document order (the top list's own included), each with
 * whether it is nested: inside a second list below the top one (`li > ul > li`, or `ul > ul > li`).
 */
function rowsOf(top: Element): { rows: Element[]; nested: boolean[] } {
  const rows: Element[] = [];
  const nested: boolean[] = [];
  const visit = (node: Element, lists: number): void => {
    for (const child of node.children) {
      if (!isTag(child) || rows.length >= MAX_ROWS) continue;
      if (child.name === 'li') {
        rows.push(child);
        nested.push(lists > 1);
        visit(child, lists);
      } else visit(child, isList(child) ? lists + 1 : lists);
    }
  };
  visit(top, 1);
  return { rows, nested };
}

/** The tags from a row down to its leading link (`span>a`): rows of one shape reach it the same way. */
function linkPathOf(row: Element, link: Element): string {
  let path = link.name;
  let current = link.parent;
  for (let steps = 0; isTag(current) && current !== row && steps < MAX_STEPS; steps += 1) {
    path = `${current.name}>${path}`;
    current = current.parent;
  }
  return path;
}

/** A link's folder: host and path up to its last `/` (undefined for a link that does not resolve). */
function folderOf(link: Element, pageUrl: string): string | undefined {
  const url = resolveUrl(link.attribs['href'], pageUrl);
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname.slice(0, parsed.pathname.lastIndexOf('/') + 1)}`;
  } catch {
    return undefined;
  }
}

/** A threaded tree: its top list and its rows of every depth, in document order. */
export interface ThreadTree {
  readonly top: Element;
  readonly rows: Element[];
}

/**
 * The threaded tree the leader's rows are one level of; undefined when the leader is not a level of
 * such a tree (most pages: settled by the first rows).
 */
export function threadTreeOf(members: readonly Element[], pageUrl: string): ThreadTree | undefined {
  if (members.length === 0) return undefined;
  // Cheap checks first: the rows are list items, and most sit in one top list.
  const tops = new Map<Element, number>();
  let counted = 0;
  for (const member of members) {
    const row = rowOf(member);
    if (!row) continue;
    const top = topListOf(row);
    if (!top) continue;
    tops.set(top, (tops.get(top) ?? 0) + 1);
    counted += 1;
  }
  if (counted < members.length * ONE_TREE) return undefined;
  let top: Element | undefined;
  let most = 0;
  for (const [list, count] of tops) if (count > most) [top, most] = [list, count];
  if (!top || most < members.length * ONE_TREE) return undefined;
  const { rows, nested } = rowsOf(top);
  const nestedCount = nested.filter(Boolean).length;
  if (nestedCount < MIN_NESTED || rows.length <= members.length) return undefined;
  // Every level the same shape: each row starts with its own link, reached the same way, into one
  // folder — the top level's shape, which the nested rows must share (attachments nested under a
  // document row, reached through another element or into another folder, are not replies).
  const shapes = rows.map((row) => {
    const link = leadingLink(row);
    const folder = link ? folderOf(link, pageUrl) : undefined;
    return link && folder !== undefined ? `${folder}|${linkPathOf(row, link)}` : undefined;
  });
  const topCounts = new Map<string, number>();
  shapes.forEach((shape, index) => {
    if (shape !== undefined && !nested[index]) topCounts.set(shape, (topCounts.get(shape) ?? 0) + 1);
  });
  let common: string | undefined;
  let commonCount = 0;
  for (const [shape, count] of topCounts) if (count > commonCount) [common, commonCount] = [shape, count];
  if (common === undefined) return undefined;
  const same = shapes.filter((shape) => shape === common).length;
  const nestedSame = shapes.filter((shape, index) => nested[index] && shape === common).length;
  return same >= rows.length * SAME_SHAPE && nestedSame >= nestedCount * SAME_SHAPE ? { top, rows } : undefined;
}

/**
 * The rows of the threaded trees made into lists (`markThreadRows`): their summaries are their own
 * text, not their replies' (a thread's first message holds every reply in its nested list).
 */
const threadRows = new WeakSet<Element>();

export function markThreadRows(rows: readonly Element[]): void {
  for (const row of rows) threadRows.add(row);
}

/** A thread row's own text, its nested lists left out (collapsed, at most 1,000 characters); undefined for other elements. */
export function threadRowText(member: Element): string | undefined {
  if (!threadRows.has(member)) return undefined;
  const parts: string[] = [];
  const visit = (node: AnyNode): void => {
    if (node.type === 'text') parts.push((node as { data: string }).data);
    else if (isTag(node) && !isList(node) && node.name !== 'script' && node.name !== 'style') for (const child of node.children) visit(child);
  };
  for (const child of member.children) visit(child);
  return parts.join(' ').replace(/\s+/g, ' ').trim().slice(0, 1_000);
}
