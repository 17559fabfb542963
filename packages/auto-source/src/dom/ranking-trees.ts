import { rankingInputs, RANKING_FEATURES, type RankingInput, type RankingObservation } from './ranking.js';
import type { RankingPage } from './ranking-page.js';

/**
 * The boosted-tree challenger of the hand leader (issue #16, eighth session). Regression trees,
 * fitted offline (`corpus/fit/fit_ranking_trees.py`), predict for each of the leading candidates
 * but the first how much better its F1 would be than the hand score's leader's; the candidate with
 * the largest predicted gain replaces the leader only when that gain exceeds `threshold`. Otherwise
 * the hand order stands. The inputs are the ranking inputs of `ranking.ts` for the candidate
 * (`count`, …) and their differences from the leader's (`count-leader`, …), read by name, so a
 * model keeps working when inputs are added to the build.
 */
export interface TreeRankingModel {
  readonly kind: 'trees';
  /** The inputs the trees split on: ranking input names, or a name with `-leader` (difference from the leader's). */
  readonly features: readonly string[];
  /** Shrinkage applied to every tree's output. */
  readonly rate: number;
  /** Trees, each a flat array of nodes of four numbers: input index (−1 for a leaf), split value or leaf value, low child, high child. */
  readonly trees: readonly (readonly number[])[];
  /** The leader is replaced only when the best predicted F1 gain exceeds this. */
  readonly threshold: number;
  /** How many of the hand score's leading candidates are compared with the leader. */
  readonly topK: number;
}

export const LEADER_SUFFIX = '-leader';

export function isTreeModel(model: unknown): model is TreeRankingModel {
  return typeof model === 'object' && model !== null && (model as { kind?: unknown }).kind === 'trees';
}

/** Where each model input is found: [position in RANKING_FEATURES, whether it is a difference from the leader]. */
const slotsOf = new WeakMap<TreeRankingModel, Int32Array>();

/**
 * Where each of a fitted model's named inputs is found: its position in RANKING_FEATURES, plus
 * RANKING_FEATURES.length for a difference from the leader (`name-leader`). Throws on a name this
 * build does not compute, naming the script (`refit`) that fits the model again.
 */
export function leaderInputSlots(features: readonly string[], what: string, refit: string): Int32Array {
  return Int32Array.from(features, (name) => {
    const leader = name.endsWith(LEADER_SUFFIX);
    const base = leader ? name.slice(0, -LEADER_SUFFIX.length) : name;
    const position = (RANKING_FEATURES as readonly string[]).indexOf(base);
    if (position < 0) throw new Error(`${what}: the input "${name}" is one this build does not compute; ${refit}`);
    return leader ? position + RANKING_FEATURES.length : position;
  });
}

/** Reads the model's input names against this build's inputs; throws on a name the build does not compute. */
export function treeInputSlots(model: TreeRankingModel): Int32Array {
  const known = slotsOf.get(model);
  if (known) return known;
  const slots = leaderInputSlots(model.features, 'the ranking trees', 'refit them with corpus/fit/fit_ranking_trees.py');
  for (const tree of model.trees) {
    if (tree.length === 0 || tree.length % 4 !== 0) throw new Error('a ranking tree must be a non-empty list of nodes of four numbers');
  }
  slotsOf.set(model, slots);
  return slots;
}

/** The model's prediction of (candidate F1 − leader F1) for one candidate. */
export function predictedGain(model: TreeRankingModel, candidate: Float64Array, leader: Float64Array): number {
  const slots = treeInputSlots(model);
  const width = RANKING_FEATURES.length;
  let sum = 0;
  for (const tree of model.trees) {
    let node = 0;
    for (let steps = 0; steps < 64; steps += 1) {
      const input = tree[node]!;
      if (input < 0) break;
      const slot = slots[input]!;
      const value = slot < width ? candidate[slot]! : candidate[slot - width]! - leader[slot - width]!;
      node = 4 * (value <= tree[node + 1]! ? tree[node + 2]! : tree[node + 3]!);
    }
    sum += tree[node + 1]!;
  }
  return sum * model.rate;
}

/** Predicted gains of the leading candidates (inputs in hand order; the leader's is 0). */
export function predictedGains(model: TreeRankingModel, inputs: readonly Float64Array[]): number[] {
  const leader = inputs[0];
  return inputs.map((input, index) => (index === 0 || !leader ? 0 : predictedGain(model, input, leader)));
}

/** Which leading candidate the trees put first (0: the hand leader stays), with its predicted gain. */
export function treeChoice(model: TreeRankingModel, gains: readonly number[]): { index: number; gain: number } {
  let index = 0;
  let gain = -Infinity;
  for (let candidate = 1; candidate < gains.length; candidate += 1) {
    if (gains[candidate]! > gain) {
      gain = gains[candidate]!;
      index = candidate;
    }
  }
  return index > 0 && gain > model.threshold ? { index, gain } : { index: 0, gain: 0 };
}

/**
 * Moves the trees' choice among the `model.topK` leading candidates of `ranked` (sorted by hand
 * score) to the front; every other candidate keeps its hand order.
 */
export function rerankByTrees<T extends RankingInput>(
  ranked: T[],
  model: TreeRankingModel,
  elementCount: number,
  sameHost: (url: string) => boolean,
  observe?: (observation: RankingObservation<T>) => void,
  page?: RankingPage,
): { ranked: T[]; utilities: Map<T, number>; handLeader: T | undefined } {
  const leading = ranked.slice(0, model.topK);
  const inputs = rankingInputs(leading, elementCount, sameHost, page);
  const gains = predictedGains(model, inputs);
  observe?.({ entries: leading, inputs, utilities: gains });
  const { index, gain } = treeChoice(model, gains);
  const utilities = new Map<T, number>();
  if (index === 0) return { ranked, utilities, handLeader: leading[0] };
  const chosen = leading[index]!;
  utilities.set(chosen, gain);
  return { ranked: [chosen, ...ranked.filter((entry) => entry !== chosen)], utilities, handLeader: leading[0] };
}
