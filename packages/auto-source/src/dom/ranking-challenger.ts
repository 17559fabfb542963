import { rankingInputs, RANKING_FEATURES, type RankingInput, type RankingObservation } from './ranking.js';
import type { RankingPage } from './ranking-page.js';
import { leaderInputSlots } from './ranking-trees.js';

/**
 * The challenger logit of the hand leader (issue #16; judged offline since the fifth session,
 * evaluated here from the eleventh). An L2 logistic model, fitted offline
 * (`corpus/fit/experiments/refit11.py --write`), gives for each of the leading candidates but the
 * first the probability that its F1 beats the hand leader's by more than 0.2, from the candidate's
 * ranking inputs and their differences from the leader's (read by name, as the trees' are); the
 * most probable challenger replaces the leader only when that probability exceeds `threshold`.
 * Otherwise the hand order stands.
 */
export interface ChallengerRankingModel {
  readonly kind: 'challenger';
  /** Ranking input names, or a name with `-leader` (difference from the leader's). */
  readonly features: readonly string[];
  readonly weights: readonly number[];
  readonly bias: number;
  /** Each input is standardised with these and clipped to three deviations before weighting. */
  readonly means: readonly number[];
  readonly scales: readonly number[];
  /** The leader is replaced only when the best challenger's probability exceeds this. */
  readonly threshold: number;
  /** How many of the hand score's leading candidates are compared with the leader. */
  readonly topK: number;
  /**
   * The DOM tier's bar (`Tier.minScore`, a hand score of 8): while the hand leader is at or above
   * it, a candidate under it does not challenge. Such a list fails the bar, the DOM tier then gives
   * no list, and the page falls to the failure classifier instead of the article gate (the
   * fourteenth session's fit: two articles called walls). Absent: every leading candidate competes.
   */
  readonly minScore?: number;
}

/**
 * What the DOM tier uses when neither a conditional logit nor trees ship: none (the hand score).
 * The fourteenth session's refit (`FITTED_CHALLENGER_MODEL`: batches 1-73 and the public corpus,
 * probability > 0.7, the tier's bar) moved 4 list pages of 3 repositories up and one single page
 * right through the cascade, no page at or above 0.8 down, but it reads the twelve leading
 * candidates' inputs on every page: 2.7-3.9 ms of process CPU more per page (median, two pairs of
 * runs), five to eight times the budget of a ranking change (BENCHMARKS.md, "Fourteenth session: candidate ranking").
 * The seventeenth session read its page and row inputs cheaper (same values): paired page by page,
 * its mean cost fell from 3.4 to 1.9-2.2 ms and its median from 1.26 to 0.8-1.5 ms (runs on a loaded
 * machine), still above the budget of about 0.5 ms, and through the cascade it takes a page that is
 * right today down (BENCHMARKS.md, "Seventeenth session: candidate ranking"). Set this
 * to `FITTED_CHALLENGER_MODEL` to ship it; `createAutoSource({ rankingModel: FITTED_CHALLENGER_MODEL })`
 * (env `RANKING_CHALLENGER=1` for the corpus tools) runs it.
 */
export const DEFAULT_CHALLENGER_MODEL: ChallengerRankingModel | null = null;

export function isChallengerModel(model: unknown): model is ChallengerRankingModel {
  return typeof model === 'object' && model !== null && (model as { kind?: unknown }).kind === 'challenger';
}

const slotsOf = new WeakMap<ChallengerRankingModel, Int32Array>();

/** Where each model input is found (position in RANKING_FEATURES, plus its length for a difference); throws on an unknown name. */
export function challengerInputSlots(model: ChallengerRankingModel): Int32Array {
  const known = slotsOf.get(model);
  if (known) return known;
  if (model.weights.length !== model.features.length || model.means.length !== model.features.length || model.scales.length !== model.features.length) {
    throw new Error('a challenger model needs one weight, mean and scale per input');
  }
  const slots = leaderInputSlots(model.features, 'the challenger model', 'refit it');
  slotsOf.set(model, slots);
  return slots;
}

/** The model's probability that `candidate` beats `leader` by more than 0.2 F1. */
export function challengeProbability(model: ChallengerRankingModel, candidate: Float64Array, leader: Float64Array): number {
  const slots = challengerInputSlots(model);
  const width = RANKING_FEATURES.length;
  let sum = model.bias;
  for (let input = 0; input < slots.length; input += 1) {
    const slot = slots[input]!;
    const value = slot < width ? candidate[slot]! : candidate[slot - width]! - leader[slot - width]!;
    const z = (value - model.means[input]!) / (model.scales[input]! || 1);
    sum += model.weights[input]! * (z > 3 ? 3 : z < -3 ? -3 : z);
  }
  return 1 / (1 + Math.exp(-sum));
}

/**
 * Moves the challenger the model is surest of among the `model.topK` leading candidates of `ranked`
 * (sorted by hand score) to the front when its probability exceeds the threshold; every other
 * candidate keeps its hand order.
 */
export function rerankByChallenger<T extends RankingInput>(
  ranked: T[],
  model: ChallengerRankingModel,
  elementCount: number,
  sameHost: (url: string) => boolean,
  observe?: (observation: RankingObservation<T>) => void,
  page?: RankingPage,
): { ranked: T[]; utilities: Map<T, number>; handLeader: T | undefined } {
  const leading = ranked.slice(0, model.topK);
  const inputs = rankingInputs(leading, elementCount, sameHost, page);
  const leader = inputs[0];
  const bar = model.minScore !== undefined && (leading[0]?.score ?? 0) >= model.minScore ? model.minScore : -Infinity;
  const probabilities = inputs.map((input, index) => (index === 0 || !leader || leading[index]!.score < bar ? 0 : challengeProbability(model, input, leader)));
  observe?.({ entries: leading, inputs, utilities: probabilities });
  let index = 0;
  for (let candidate = 1; candidate < probabilities.length; candidate += 1) if (probabilities[candidate]! > (probabilities[index] ?? 0)) index = candidate;
  const utilities = new Map<T, number>();
  if (index === 0 || probabilities[index]! <= model.threshold) return { ranked, utilities, handLeader: leading[0] };
  const chosen = leading[index]!;
  utilities.set(chosen, probabilities[index]!);
  return { ranked: [chosen, ...ranked.filter((entry) => entry !== chosen)], utilities, handLeader: leading[0] };
}
