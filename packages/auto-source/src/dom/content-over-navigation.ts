import type { ScoreFeature } from '@pagefeed/core';
import type { Element } from 'domhandler';
import { LEADING_WINDOW, rankingFeatureAt as at, rankingInputs, type RankingInput } from './ranking.js';
import type { RankingPage } from './ranking-page.js';
import { navigationShare } from './ranking-rows.js';
import type { LeaderChoice } from './leader-choice.js';
import { preferOverMenuLeader } from './menu-leader.js';

/**
 * A hand rule of the candidate ranking (issue #16, fifteenth session): the site's navigation does not
 * lead over a close list whose items are content. A person reads a menu — rows of one short bare
 * link each, every label once — or a block the page names or places as its chrome (a mega-menu, a
 * header or sidebar box) as the way around the site, and the dated or pictured, linked items beside
 * it as what the page lists, even when those are few (a tag page's four posts, twenty car ads under
 * forty tag links). The hand score weighs both blocks by size and title shape, so navigation with
 * long, well-formed labels can lead by a point or two.
 *
 * It takes what `menuLeader` (menu-leader.ts) leaves: that rule asks the replacement to have at most
 * half the menu's items, because size is all it reads of it; this one reads what the replacement's
 * rows carry — dates or images in at least half of them, a link in nearly each — and so asks only
 * that it be smaller than the menu (or, for a leader in the chrome, outside the chrome).
 * Judged on every page of both corpora (offline on the candidates' dump,
 * corpus/fit/experiments/menu_content15.py, then through the cascade); BENCHMARKS.md, "Fifteenth
 * session: candidate ranking".
 */

/** The leader reads as a menu from this share of navigation-shaped rows ... */
const NAV_ROWS = 0.6;
/** ... with nearly every label once ... */
const DISTINCT_LABELS = 0.8;
/** ... and at least this many rows. */
const SMALLEST_MENU = 6;
/**
 * The leader reads as chrome from this share of rows in named or placed chrome (the hand score's
 * inputs). Not half: a mega-menu, a header's or a sidebar's block has all its rows there, while a
 * front page's story list with some of its rows in boxes named like chrome (promotions, widgets) is
 * the page's body (sixteenth session: a front page's 35 stories, 60 % of them in such boxes, gave
 * way to a 6-card box; the pages the rule moved up have all their rows in the chrome).
 */
const CHROME_SHARE = 0.8;
/** The replacement is within this many hand points of the leader. */
const HAND_GAP = 2;
/** Under a menu, its navigation-shaped rows are this share fewer than the menu's ... */
const NAV_MARGIN = 0.5;
/** ... and it has at most 1/1.2 of the menu's items (the `count` input is log2 of 1 + the distinct item count). */
const COUNT_MARGIN_LOG2 = Math.log2(1.2);
/** The replacement's share of items with a link of their own. */
const LINKED_ITEMS = 0.8;
/** The replacement's share of dated items, or of items with an image, that reads as content. */
const CONTENT_SHARE = 0.5;

const INSIDE_AT = at('insideOther');
// The hand score's raw features come first among the ranking inputs, in the same order.
const COUNT_AT = at('count');
const LINKED_AT = at('linkedItems');
const UNIQUE_AT = at('titleUniqueness');
const DATES_AT = at('datesPresent');
const BOILERPLATE_AT = at('boilerplateAncestry');
const CHROME_NAMES_AT = at('chromeNames');

type Entry = RankingInput & { features: ScoreFeature[] };

const chromeShare = (entry: RankingInput): number => Math.max(entry.raw[BOILERPLATE_AT] ?? 0, entry.raw[CHROME_NAMES_AT] ?? 0);

function imageShare(entry: RankingInput): number {
  let pictured = 0;
  for (const item of entry.items) if (item.inventory.images.length > 0) pictured += 1;
  return pictured / Math.max(1, entry.items.length);
}

/** Items that carry content beside their link: dates or images in at least half of them. */
const carriesContent = (entry: RankingInput): boolean => (entry.raw[DATES_AT] ?? 0) >= CONTENT_SHARE || imageShare(entry) >= CONTENT_SHARE;

/**
 * `ranked` (best first) with a close content list in front of a leader that is the site's
 * navigation; unchanged otherwise. The hand features and rows are read first (no link is parsed);
 * the nesting inputs of the leading candidates are computed only when a close candidate has passed
 * every other check.
 */
export function preferContentOverNavigation<T extends Entry>(ranked: T[], elementCount: number, page: RankingPage): LeaderChoice<T> {
  const leader = ranked[0];
  if (!leader || ranked.length < 2) return { ranked, moved: undefined };
  const chrome = chromeShare(leader) >= CHROME_SHARE;
  const nav = leader.items.length >= SMALLEST_MENU && leader.raw[UNIQUE_AT]! >= DISTINCT_LABELS ? navigationShare(leader.items) : 0;
  const menu = nav >= NAV_ROWS;
  if (!chrome && !menu) return { ranked, moved: undefined };
  const leading = ranked.slice(0, LEADING_WINDOW);
  let inputs: Float64Array[] | undefined;
  for (let index = 1; index < leading.length && leader.score - leading[index]!.score <= HAND_GAP; index += 1) {
    const entry = leading[index]!;
    if (entry.raw[LINKED_AT]! < LINKED_ITEMS || !carriesContent(entry)) continue;
    const outsideChrome = chrome && chromeShare(entry) === 0;
    const underMenu = menu && entry.raw[COUNT_AT]! <= leader.raw[COUNT_AT]! - COUNT_MARGIN_LOG2 && navigationShare(entry.items) <= nav - NAV_MARGIN;
    if (!outsideChrome && !underMenu) continue;
    // Nesting among the leading candidates is read only once a candidate has passed the rest.
    inputs ??= rankingInputs(leading, elementCount, (url) => page.urls.sameHost(url), page);
    if (inputs[index]![INSIDE_AT] !== 0) continue;
    entry.features = [
      ...entry.features,
      { name: 'contentOverNavigation', value: 1, weight: 0, note: `the leading list (${leader.items.length} items, hand score ${leader.score}) reads as the site's navigation (${menu ? 'bare short links' : 'rows in the page chrome'}); this close list's items carry dates or images` },
    ];
    return { ranked: [entry, ...ranked.filter((other) => other !== entry)], moved: entry };
  }
  return { ranked, moved: undefined };
}

/** The switches of the two navigation rules (`RankingOptions`); each is on unless false. */
export interface NavigationSwitches {
  readonly menuLeader?: boolean;
  readonly contentOverNavigation?: boolean;
}

/** The two navigation rules in their order: `menuLeader` (the menu's size), then this one (what the close list's rows carry). */
export function preferOverNavigation<T extends Entry>(ranked: T[], elementCount: number, page: RankingPage, switches: NavigationSwitches): T[] {
  let result = ranked;
  if (switches.menuLeader !== false) result = preferOverMenuLeader(result, elementCount, page).ranked;
  if (switches.contentOverNavigation !== false) result = preferContentOverNavigation(result, elementCount, page).ranked;
  return result;
}
