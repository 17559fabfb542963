import type { ScoreFeature } from '@pagefeed/core';
import { LEADING_WINDOW, rankingFeatureAt as at, rankingInputs, type RankingInput } from './ranking.js';

/**
 * A hand rule of the candidate ranking (issue #16, tenth session): a list whose rows sit in the
 * page's chrome — inside `nav`, `header`, `footer`, `aside` or `menu`, a navigation, banner,
 * contentinfo, complementary, menu or search landmark, or a hidden wrapper (the hand score's
 * `boilerplateAncestry`) — does not lead while a list with no row in the chrome is among the
 * leading candidates. The hand score already weighs chrome ancestry down (-4), but a mega-menu or a
 * sidebar of many long, well-linked rows can still outscore a short main list by a point or two; a
 * person does not read the site's menu or footer as the page's list when the page has one outside
 * them. Judged on every page of both corpora (corpus/fit/experiments/another_block10.py for the
 * proxy, corpus/tools/score-inprocess.mjs through the cascade); BENCHMARKS.md, "Tenth session:
 * candidate ranking".
 */

/** The leader's share of rows in the chrome from which the rule looks behind it. */
const LEADER_CHROME = 0.5;

const BOILERPLATE_AT = at('boilerplateAncestry');
const INSIDE_AT = at('insideOther');
const MAIN_AT = at('mainContent');

export interface ChromeLeaderChoice<T> {
  readonly ranked: T[];
  /** The list moved to the front, when one was. */
  readonly moved: T | undefined;
}

/**
 * `ranked` (best first) with the first leading candidate outside the page's chrome in front of a
 * leader whose rows sit in it; unchanged otherwise. The leader's own hand feature is read first
 * (free); the nesting of the leading candidates is worked out only when the leader qualifies.
 */
export function preferOverChromeLeader<T extends RankingInput & { features: ScoreFeature[] }>(ranked: T[], elementCount: number, sameHost: (url: string) => boolean): ChromeLeaderChoice<T> {
  const leader = ranked[0];
  if (!leader || ranked.length < 2 || (leader.raw[BOILERPLATE_AT] ?? 0) < LEADER_CHROME) return { ranked, moved: undefined };
  const leading = ranked.slice(0, LEADING_WINDOW);
  // Without the page, the inputs skip the page and row facts: only the hand features and nesting are read.
  const inputs = rankingInputs(leading, elementCount, sameHost);
  const first = inputs[0]!;
  for (let index = 1; index < leading.length; index += 1) {
    const input = inputs[index]!;
    if (input[BOILERPLATE_AT] !== 0) continue;
    // Not a part of another leading list, and not less inside the page's main content than the leader.
    if (input[INSIDE_AT] !== 0 || input[MAIN_AT]! < first[MAIN_AT]!) continue;
    const moved = leading[index]!;
    moved.features = [
      ...moved.features,
      { name: 'overChromeLeader', value: Math.round(first[BOILERPLATE_AT]! * 100) / 100, weight: 0, note: `the leading list's rows sit in the page's navigation, header, footer or sidebar (hand score ${leader.score}); this list is outside them` },
    ];
    return { ranked: [moved, ...ranked.filter((entry) => entry !== moved)], moved };
  }
  return { ranked, moved: undefined };
}
