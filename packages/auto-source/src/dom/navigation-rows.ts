import type { ScoreFeature } from '@pagefeed/core';
import { LEADING_WINDOW, rankingFeatureAt as at, rankingInputs, type RankingInput } from './ranking.js';
import type { RankingPage } from './ranking-page.js';
import { rowInputs } from './ranking-rows.js';
import { encloses, type LeaderChoice } from './leader-choice.js';

/**
 * A hand rule of the candidate ranking (issue #16, ninth session): when the leading list's rows are
 * navigation-shaped — most rows a single link of at most three words with nothing beside it — and
 * its links go no deeper than the page's own address (menus, category bars, day bars, bare link
 * strips inside the real rows), a candidate close behind it whose rows carry more than a bare link
 * takes the lead. Judged on every page of both corpora (corpus/fit/experiments/another_block.py
 * for the proxy, corpus/tools/score-inprocess.mjs through the cascade); BENCHMARKS.md, "Ninth
 * session: candidate ranking".
 */

/** The leader's share of navigation-shaped rows from which the rule looks behind it. */
const NAV_ROWS = 0.6;
/** The leader's links go at most this many path segments deeper than the page's own address, on average. */
const MAX_DEPTH_GAIN = 1;
/** The replacement is within this many hand points of the leader ... */
const HAND_GAP = 2;
/** ... has at most this share of navigation-shaped rows less than the leader ... */
const NAV_MARGIN = 0.5;
/** ... and about as many items (the hand score's `count` input is log2 of the item count). */
const COUNT_SLACK = 0.5;

const HAND_GAP_AT = at('handGap');
const NAV_AT = at('navRows');
const INSIDE_AT = at('insideOther');
const MAIN_AT = at('mainContent');
const COUNT_AT = at('count');

export type NavigationRowsChoice<T> = LeaderChoice<T>;

/**
 * `ranked` (best first) with a close, non-navigation candidate in front of a navigation-shaped
 * leader; unchanged otherwise. The leader's rows are read first (cheap); the inputs of the leading
 * candidates are computed only when the leader qualifies.
 */
export function preferOverNavigationRows<T extends RankingInput & { features: ScoreFeature[] }>(ranked: T[], elementCount: number, page: RankingPage): NavigationRowsChoice<T> {
  const leader = ranked[0];
  if (!leader || ranked.length < 2) return { ranked, moved: undefined };
  const [nav = 0, , , depthGain = 0] = rowInputs(leader.items, page.urls.pageUrl);
  if (nav < NAV_ROWS || depthGain > MAX_DEPTH_GAIN) return { ranked, moved: undefined };
  const leading = ranked.slice(0, LEADING_WINDOW);
  const inputs = rankingInputs(leading, elementCount, (url) => page.urls.sameHost(url), page);
  const first = inputs[0]!;
  for (let index = 1; index < leading.length; index += 1) {
    const input = inputs[index]!;
    if (input[HAND_GAP_AT]! > HAND_GAP) break;
    if (input[NAV_AT]! > first[NAV_AT]! - NAV_MARGIN) continue;
    if (input[INSIDE_AT] !== 0 || input[MAIN_AT]! < first[MAIN_AT]!) continue;
    if (input[COUNT_AT]! < first[COUNT_AT]! - COUNT_SLACK) continue;
    // Rows that hold the leader's own cells are for rows over cells (row-cells.ts) to weigh.
    if (encloses(leading[index]!.members, leader.members[0])) continue;
    const moved = leading[index]!;
    moved.features = [
      ...moved.features,
      { name: 'overNavigationRows', value: Math.round(first[NAV_AT]! * 100) / 100, weight: 0, note: `the leading list's rows are bare short links no deeper than the page (hand score ${leader.score}); this close list's rows carry more` },
    ];
    return { ranked: [moved, ...ranked.filter((entry) => entry !== moved)], moved };
  }
  return { ranked, moved: undefined };
}
