import type { ScoreFeature } from '@pagefeed/core';
import type { Element } from 'domhandler';
import { LEADING_WINDOW, type RankingInput } from './ranking.js';

/**
 * A hand rule of the candidate ranking (issue #16, eleventh session): a list whose rows are list
 * items inside another list item — a lower level of a category tree or of a drop-down menu
 * (`li > ul > li`) — does not lead while a close list whose rows are not is among the leading
 * candidates. A person reads a tree of section links as the way around the site and the flat list
 * beside it as the page's own; a tree's lower levels can still outscore a short list by a point,
 * since they hold many well-linked rows. Judged on every page of both corpora
 * (corpus/fit/experiments/tree_leader11.py for the proxy, corpus/tools/score-inprocess.mjs through
 * the cascade); BENCHMARKS.md, "Eleventh session: candidate ranking".
 */

/** The leader's share of nested list items from which the rule looks behind it. */
const LEADER_NESTED = 0.5;
/** How far below the leader (hand points) a replacement may score. */
const HAND_GAP = 2;
/** Steps up the tree a nesting check walks. */
const MAX_STEPS = 40;

const isTag = (node: unknown): node is Element => typeof node === 'object' && node !== null && (node as { type?: unknown }).type === 'tag';

/** True when `member` is a list item, or sits in one, that lies inside another list item. */
export function isNestedListItem(member: Element): boolean {
  let item: Element | null = member;
  while (item && item.name !== 'li') item = isTag(item.parent) ? item.parent : null;
  if (!item) return false;
  let current = item.parent;
  for (let steps = 0; isTag(current) && steps < MAX_STEPS; steps += 1) {
    if (current.name === 'li') return true;
    current = current.parent;
  }
  return false;
}

/** Share of a list's rows that are nested list items. */
export function nestedItemShare(members: readonly Element[]): number {
  if (members.length === 0) return 0;
  let nested = 0;
  for (const member of members) if (isNestedListItem(member)) nested += 1;
  return nested / members.length;
}

/**
 * True when at least `LEADER_NESTED` of a list's rows are nested list items; stops as soon as the
 * rest could not reach it (most leaders are not a tree's level, and are settled by half their rows).
 */
export function mostlyNestedItems(members: readonly Element[]): boolean {
  if (members.length === 0) return false;
  const allowed = members.length * (1 - LEADER_NESTED);
  let flat = 0;
  for (const member of members) {
    if (!isNestedListItem(member)) flat += 1;
    if (flat > allowed) return false;
  }
  return true;
}

export interface TreeLeaderChoice<T> {
  readonly ranked: T[];
  /** The list moved to the front, when one was. */
  readonly moved: T | undefined;
}

/**
 * `ranked` (best first) with the first leading candidate within `HAND_GAP` points whose rows are
 * mostly not nested list items in front of a leader whose rows mostly are; unchanged otherwise.
 * The leader is checked first, so pages whose leader is not a tree's level pay a walk of about half its rows.
 */
export function preferOverTreeLeader<T extends RankingInput & { features: ScoreFeature[] }>(ranked: T[]): TreeLeaderChoice<T> {
  const leader = ranked[0];
  if (!leader || ranked.length < 2) return { ranked, moved: undefined };
  if (!mostlyNestedItems(leader.members)) return { ranked, moved: undefined };
  const leaderShare = nestedItemShare(leader.members);
  const window = Math.min(ranked.length, LEADING_WINDOW);
  for (let index = 1; index < window; index += 1) {
    const candidate = ranked[index]!;
    if (leader.score - candidate.score > HAND_GAP) break;
    if (mostlyNestedItems(candidate.members)) continue;
    candidate.features = [
      ...candidate.features,
      { name: 'overTreeLeader', value: Math.round(leaderShare * 100) / 100, weight: 0, note: `the leading list's rows are list items inside list items, a tree's or a menu's lower level (hand score ${leader.score}); this list's rows are not` },
    ];
    return { ranked: [candidate, ...ranked.filter((entry) => entry !== candidate)], moved: candidate };
  }
  return { ranked, moved: undefined };
}
