import type { ScoreFeature } from '@pagefeed/core';
import { LEADING_WINDOW, rankingFeatureAt as at, rankingInputs, type RankingInput } from './ranking.js';
import type { RankingPage } from './ranking-page.js';
import { navigationShare } from './ranking-rows.js';
import { encloses, type LeaderChoice } from './leader-choice.js';

/**
 * A hand rule of the candidate ranking (issue #16, thirteenth session): a menu does not lead by
 * its size. The hand score gives a list 1.5 points per doubling of its items (features.ts,
 * `count`), so a category menu, a mega-menu or a forum's page-number strip of a few hundred bare
 * links outscores the page's twenty results or five news cards on size alone. When the leading
 * list's rows are navigation-shaped — most rows a single link of at most three words with nothing
 * beside it, nearly each label once — and a candidate close behind it (within `HAND_GAP` points,
 * which its size explains several times over) has at most half the leader's items, clearly fewer
 * such rows, a link in nearly every item and is not itself a part of another leading list, that
 * candidate takes the lead — unless a close candidate holds the leader's rows: bare links that are
 * the cells of rows (a post's time and comment links, a meeting's "Agenda") are rows over cells'
 * question.
 *
 * It differs from the ninth session's `navigationRows` (navigation-rows.ts, off) in what it asks
 * of the two lists' sizes: that rule wanted a replacement about as large as the leader (a day bar
 * over its own rows); this one wants the leader at least twice as large, the case where the size
 * term is what put the menu in front. Judged on every page of both corpora (offline on the
 * candidates' dump, then through the cascade); BENCHMARKS.md, "Thirteenth session: candidate ranking".
 */

/** The leader's share of navigation-shaped rows from which the rule looks behind it. */
const NAV_ROWS = 0.6;
/** The replacement is within this many hand points of the leader ... */
const HAND_GAP = 2;
/** ... has at most this share of navigation-shaped rows less than the leader ... */
const NAV_MARGIN = 0.5;
/** ... and at most about half the leader's items (the `count` input is log2 of 1 + the distinct item count). */
const COUNT_RATIO_LOG2 = 1;
/** Twice the fewest items of a list: a smaller leader cannot be twice a list's size. */
const SMALLEST_LEADER = 6;

/** The leader's share of distinct labels: a menu names each place once; "Agenda" in every row is a table's column. */
const DISTINCT_LABELS = 0.8;
/** The replacement's share of items with a link of their own (date headings between posts have none). */
const LINKED_ITEMS = 0.8;

const INSIDE_AT = at('insideOther');
// The hand score's raw features come first among the ranking inputs, in the same order.
const COUNT_AT = at('count');
const LINKED_AT = at('linkedItems');
const UNIQUE_AT = at('titleUniqueness');

export type MenuLeaderChoice<T> = LeaderChoice<T>;

/**
 * `ranked` (best first) with a close, smaller, non-navigation candidate in front of a
 * navigation-shaped leader twice its size; unchanged otherwise. The hand features and rows are
 * read first (no link is parsed); the nesting inputs of the leading candidates are computed only
 * when a close candidate has passed every other check.
 */
export function preferOverMenuLeader<T extends RankingInput & { features: ScoreFeature[] }>(ranked: T[], elementCount: number, page: RankingPage): MenuLeaderChoice<T> {
  const leader = ranked[0];
  if (!leader || ranked.length < 2 || leader.items.length < SMALLEST_LEADER || leader.raw[UNIQUE_AT]! < DISTINCT_LABELS) return { ranked, moved: undefined };
  const nav = navigationShare(leader.items);
  if (nav < NAV_ROWS) return { ranked, moved: undefined };
  const leading = ranked.slice(0, LEADING_WINDOW);
  let close = 1;
  while (close < leading.length && leader.score - leading[close]!.score <= HAND_GAP) close += 1;
  // A leader whose bare links are the cells of close rows (a post's time and comments links, a
  // meeting's "Agenda" and "Details") is for rows over cells (row-cells.ts) to weigh, not a menu.
  for (let index = 1; index < close; index += 1) if (encloses(leading[index]!.members, leader.members[0])) return { ranked, moved: undefined };
  let inputs: Float64Array[] | undefined;
  for (let index = 1; index < close; index += 1) {
    const entry = leading[index]!;
    if (entry.raw[COUNT_AT]! > leader.raw[COUNT_AT]! - COUNT_RATIO_LOG2 || entry.raw[LINKED_AT]! < LINKED_ITEMS) continue;
    if (navigationShare(entry.items) > nav - NAV_MARGIN) continue;
    // Nesting among the leading candidates is read only once a candidate has passed the rest.
    inputs ??= rankingInputs(leading, elementCount, (url) => page.urls.sameHost(url), page);
    if (inputs[index]![INSIDE_AT] !== 0) continue;
    entry.features = [
      ...entry.features,
      { name: 'overMenuLeader', value: Math.round(nav * 100) / 100, weight: 0, note: `the leading list (${leader.items.length} items, hand score ${leader.score}) is bare short links that lead by their number; this close, smaller list's rows carry more` },
    ];
    return { ranked: [entry, ...ranked.filter((other) => other !== entry)], moved: entry };
  }
  return { ranked, moved: undefined };
}
