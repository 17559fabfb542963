import type { Element } from 'domhandler';
import type { Group } from './collect.js';
import type { ExtractedItem } from './item-fields.js';
import { PAGE_RANKING_FEATURES, pageInputs, type RankingPage } from './ranking-page.js';
import { ROW_RANKING_FEATURES, rowInputs } from './ranking-rows.js';

/**
 * The learned ranking of candidate lists (issue #16). The hand-weighted score of `features.ts`
 * orders every candidate; the leading `topK` are then re-ordered by a linear utility fitted on the
 * corpus (`corpus/fit/fit-ranking.mjs`, a conditional logit: a softmax over each page's
 * candidates, trained to put the candidate with the best F1 first). Inputs are the hand score's own
 * raw features plus page-relative facts of each candidate; none names a site, URL or class.
 * Whether a fitted model is switched on by default is the fitter's decision from its held-out
 * figures (`ranking-model.ts`, `RANKING_MODEL`; see the package README).
 */
export const RANKING_FEATURES = [
  // The hand score's raw features (features.ts, in its order).
  'count', 'smallList', 'linkedItems', 'headingLinks', 'headingTitles', 'titleLength', 'titleLeads', 'shortTitles',
  'titleUniqueness', 'datesPresent', 'contentPaths', 'utilityPaths', 'boilerplateAncestry', 'chromeNames', 'linkDensity',
  'mainContent', 'duplicateUrls',
  // How far below the hand score's leader the candidate is, in points and places.
  'handGap', 'handRank',
  // Where the list sits on the page.
  'position', 'span', 'depth',
  // What its items hold, against the other leading candidates.
  'countShare', 'textShare', 'meanText', 'meanLinks', 'titleWords', 'images', 'sameHost', 'droppedShare', 'siblings',
  // Nesting among the leading candidates.
  'insideOther', 'enclosesOther',
  // How the group was found.
  'kindParent', 'kindClass', 'kindSemantic',
  // The page around it (ranking-page.ts; eighth session): landmark, own heading, share of the main
  // region, links to the page's own section, facet-like rows.
  ...PAGE_RANKING_FEATURES,
  // Rows and link targets (ranking-rows.ts; ninth session): navigation-shaped rows, targets that
  // are section indexes or siblings of the page's address, dated rows, distinct and same-template targets.
  ...ROW_RANKING_FEATURES,
] as const;

export type RankingFeature = (typeof RANKING_FEATURES)[number];

/** Where a feature sits in a candidate's ranking inputs. */
export const rankingFeatureAt = (name: RankingFeature): number => RANKING_FEATURES.indexOf(name);

/** Candidates behind the leader that the learned ranking and the leader rules look at. */
export const LEADING_WINDOW = 12;

export interface RankingModel {
  /** The input names, in `RANKING_FEATURES` order (a model for other inputs is refused). */
  readonly features: readonly string[];
  readonly weights: readonly number[];
  readonly means: readonly number[];
  readonly scales: readonly number[];
  /** How many of the hand score's leading candidates are re-ordered. */
  readonly topK: number;
}

/** What the re-ranking reads of one scored candidate. */
export interface RankingInput {
  readonly group: Group;
  readonly members: readonly Element[];
  readonly items: readonly ExtractedItem[];
  readonly score: number;
  readonly raw: Float64Array;
  readonly dropped: number;
}

/** What `observe` receives: the leading candidates in hand order with their inputs and utilities. */
export interface RankingObservation<T> {
  readonly entries: readonly T[];
  readonly inputs: readonly Float64Array[];
  readonly utilities: readonly number[];
}

/** A standardised input, clipped to three deviations (as the article gate does). */
function standardised(value: number, mean: number, scale: number): number {
  const z = (value - mean) / (scale || 1);
  return z > 3 ? 3 : z < -3 ? -3 : z;
}

/**
 * True when `model` was fitted on inputs this build computes: its names are the first of
 * RANKING_FEATURES, in order (inputs added later are appended, and a model fitted before them
 * reads only its own).
 */
export function fitsInputs(model: RankingModel): boolean {
  return model.features.length <= RANKING_FEATURES.length && model.features.every((name, index) => name === RANKING_FEATURES[index]) && model.weights.length === model.features.length;
}

export function utilityOf(input: Float64Array, model: RankingModel): number {
  let sum = 0;
  for (let index = 0; index < model.weights.length; index += 1) sum += model.weights[index]! * standardised(input[index]!, model.means[index]!, model.scales[index]!);
  return sum;
}

/**
 * Inputs of the leading candidates (already sorted by hand score, best first), one array per
 * candidate in `RANKING_FEATURES` order. `elementCount` is the number of elements of the page walk.
 */
export function rankingInputs(leading: readonly RankingInput[], elementCount: number, sameHost: (url: string) => boolean, page?: RankingPage): Float64Array[] {
  const best = leading[0]?.score ?? 0;
  let maxCount = 1;
  let maxText = 1;
  const texts = leading.map((entry) => {
    let text = 0;
    for (const item of entry.items) text += item.textLength;
    maxCount = Math.max(maxCount, entry.items.length);
    maxText = Math.max(maxText, text);
    return text;
  });
  // Which leading candidate each member element belongs to (first one wins), for nesting.
  const owner = new Map<Element, number>();
  leading.forEach((entry, index) => {
    for (const member of entry.members) if (!owner.has(member)) owner.set(member, index);
  });
  const inside = leading.map(() => 0);
  const encloses = leading.map(() => 0);
  leading.forEach((entry, index) => {
    const first = entry.members[0];
    let current = first?.parent as Element | null | undefined;
    for (let steps = 0; current && steps < 40; steps += 1) {
      const outer = owner.get(current);
      if (outer !== undefined && outer !== index && leading[outer]!.members.length < entry.members.length) {
        inside[index] = 1;
        encloses[outer] = 1;
        break;
      }
      current = current.parent as Element | null;
    }
  });
  const depths = leading.map((entry) => entry.group.placements[0]?.depth ?? 0);
  const shallowest = Math.min(...depths);
  return leading.map((entry, index) => {
    const items = entry.items;
    const total = Math.max(1, items.length);
    let links = 0;
    let words = 0;
    let images = 0;
    let host = 0;
    let urls = 0;
    for (const item of items) {
      links += item.linkCount;
      words += item.titleWords;
      if (item.inventory.images.length > 0) images += 1;
      if (item.url !== undefined) {
        urls += 1;
        if (sameHost(item.url)) host += 1;
      }
    }
    const parents = new Set<unknown>();
    for (const member of entry.members) parents.add(member.parent);
    const placements = entry.group.placements;
    const firstOrder = placements[0]?.order ?? 0;
    const lastOrder = placements.at(-1)?.order ?? firstOrder;
    const pageSize = Math.max(1, elementCount);
    const values = [
      ...entry.raw,
      best - entry.score,
      Math.log2(1 + index),
      firstOrder / pageSize,
      (lastOrder - firstOrder) / pageSize,
      Math.min(10, depths[index]! - shallowest),
      items.length / maxCount,
      texts[index]! / maxText,
      Math.log2(1 + texts[index]! / total),
      Math.log2(1 + links / total),
      Math.log2(1 + words / total),
      images / total,
      urls === 0 ? 0 : host / urls,
      entry.dropped / (entry.dropped + total),
      parents.size === 1 ? 1 : 0,
      inside[index]!,
      encloses[index]!,
      entry.group.kind === 'parent' ? 1 : 0,
      entry.group.kind === 'class' ? 1 : 0,
      entry.group.kind === 'semantic' ? 1 : 0,
      ...pageInputs(entry.members, items, page),
      ...rowInputs(items, page?.urls.pageUrl, page?.urls),
    ];
    return Float64Array.from(values);
  });
}

/**
 * Re-orders the `model.topK` leading candidates of `ranked` (sorted by hand score) by the fitted
 * utility; the rest keep their order behind them. Ties keep the hand order.
 */
export function rerank<T extends RankingInput>(
  ranked: T[],
  model: RankingModel,
  elementCount: number,
  sameHost: (url: string) => boolean,
  observe?: (observation: RankingObservation<T>) => void,
  page?: RankingPage,
): { ranked: T[]; utilities: Map<T, number>; handLeader: T | undefined } {
  const leading = ranked.slice(0, model.topK);
  const inputs = rankingInputs(leading, elementCount, sameHost, page);
  const utilities = inputs.map((input) => utilityOf(input, model));
  observe?.({ entries: leading, inputs, utilities });
  const order = leading.map((_, index) => index).sort((left, right) => utilities[right]! - utilities[left]! || left - right);
  const byEntry = new Map<T, number>();
  order.forEach((index) => byEntry.set(leading[index]!, utilities[index]!));
  return { ranked: [...order.map((index) => leading[index]!), ...ranked.slice(model.topK)], utilities: byEntry, handLeader: leading[0] };
}
