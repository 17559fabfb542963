import type { Element } from 'domhandler';
import type { ScoreFeature } from '@pagefeed/core';
import { findAll, nextElementSibling } from '../util/dom.js';

/** How far below the leader an enclosing list may score and still win. */
export const NESTING_MARGIN = 3;
/**
 * An enclosing list's items have their own titles (releases, posts); blocks whose titles repeat
 * ("more…", section names used twice) are page sections around the list, not a better reading of it.
 */
const DISTINCT_TITLES = 0.9;
/** Only the leading candidates are compared (the check walks ancestors). */
const COMPARED = 12;

export interface Ranked {
  readonly members: readonly Element[];
  readonly items: readonly { readonly url: string | undefined }[];
  score: number;
  features: ScoreFeature[];
}

/** True when every member of `inner` lies inside some member of `outer`, and `outer` has fewer members. */
function encloses(outer: Ranked, inner: Ranked): boolean {
  if (outer.members.length >= inner.members.length) return false;
  const set = new Set(outer.members);
  return inner.members.every((member) => {
    let current = member.parent as Element | null;
    for (let steps = 0; current && steps < 40; steps += 1) {
      if (set.has(current)) return true;
      current = current.parent as Element | null;
    }
    return false;
  });
}

/**
 * Year or topic blocks that merely group the leader's items: each holds several of them and links to
 * one of them. Those are not the list.
 */
function groupsItems(outer: Ranked, inner: Ranked, innerUrlsOf: () => ReadonlySet<string | undefined>, options: NestingOptions): boolean {
  // With `entryGroups`, only the blocks that hold items count: headings interleaved with their blocks are no items of their own.
  const blocks = options.entryGroups === true ? holdingMembers(outer, inner) : outer.members.length;
  if (inner.members.length / blocks < 2) return false;
  const innerUrls = innerUrlsOf();
  const outerUrls = outer.items.map((item) => item.url).filter(Boolean);
  return outerUrls.filter((url) => innerUrls.has(url)).length >= outerUrls.length * 0.5;
}

/** The enclosing-list rule's switches. */
export interface NestingOptions {
  /**
   * Blocks interleaved with their headings (a journal's name, then its papers) group the leader's
   * items when the blocks alone hold two or more each (dom/entry-groups.ts; seventeenth session).
   */
  readonly entryGroups?: boolean;
}

/** Share of the members without items that sit right before a block with items (a heading before its block). */
const INTERLEAVED = 0.8;

/**
 * How many of `outer`'s members hold one of `inner`'s members or more, when the others are the
 * blocks' headings — each right before a block that holds items, most of the members either kind;
 * otherwise all of `outer`'s members.
 */
function holdingMembers(outer: Ranked, inner: Ranked): number {
  const set = new Set(outer.members);
  const holding = new Set<Element>();
  for (const member of inner.members) {
    let current = member.parent as Element | null;
    for (let steps = 0; current && steps < 40; steps += 1) {
      if (set.has(current)) {
        holding.add(current);
        break;
      }
      current = current.parent as Element | null;
    }
  }
  const headings = outer.members.filter((member) => !holding.has(member));
  if (headings.length === 0 || holding.size === 0) return outer.members.length;
  // A heading is one link at most (a striped table's other rows hold several) right before its block.
  const beforeBlock = headings.filter((member) => {
    const next = nextElementSibling(member);
    return next !== undefined && holding.has(next) && findAll(member, (element) => element.name === 'a' && element.attribs['href'] !== undefined, 2).length <= 1;
  }).length;
  if (beforeBlock < headings.length * INTERLEAVED || beforeBlock < holding.size * INTERLEAVED) return outer.members.length;
  return holding.size;
}

/**
 * Lists inside list items (change notes inside releases, paragraphs inside posts) outnumber the
 * items that hold them. When an enclosing, linked list scores close to the leader, the enclosing
 * list is the page's list: it gets the `enclosesList` feature and moves to the front.
 */
export function preferEnclosingList<T extends Ranked>(ranked: T[], options: NestingOptions = {}): T[] {
  const leader = ranked[0];
  if (!leader) return ranked;
  const linked = (entry: Ranked): number => entry.features.find((feature) => feature.name === 'linkedItems')?.value ?? 0;
  const distinctTitles = (entry: Ranked): number => entry.features.find((feature) => feature.name === 'titleUniqueness')?.value ?? 0;
  // The leader's URLs, made once for all the comparisons that need them.
  let leaderUrls: ReadonlySet<string | undefined> | undefined;
  const leaderUrlsOf = (): ReadonlySet<string | undefined> => (leaderUrls ??= new Set(leader.items.map((item) => item.url).filter(Boolean)));
  const outer = ranked
    .slice(1, COMPARED)
    .find((entry) => entry.score >= leader.score - NESTING_MARGIN && entry.members.length >= 3 && linked(entry) >= 0.8 && distinctTitles(entry) >= DISTINCT_TITLES && !groupsItems(entry, leader, leaderUrlsOf, options) && encloses(entry, leader));
  if (!outer) return ranked;
  const bonus = Math.round((leader.score - outer.score + 0.001) * 1000) / 1000;
  outer.features = [...outer.features, { name: 'enclosesList', value: 1, weight: bonus, note: `the leading list's items sit inside these items` }];
  outer.score = Math.round((outer.score + bonus) * 1000) / 1000;
  return [outer, ...ranked.filter((entry) => entry !== outer)];
}
