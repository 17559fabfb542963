import { standardised, type ArticleModel, type GateFeatures } from './article-gate.js';

/**
 * Whether the gate's confident veto (surface/article-gate-veto-model.ts) could still overturn the
 * shipped gate's verdict before the facts only it reads are known (sixteenth session, issue #21).
 * Those facts (the candidate's, the reading and the subject facts) walk the page, about a
 * millisecond on a median page, and most pages are far from both veto thresholds: the inputs
 * already known, with each unknown fact at whichever end of its range pushes hardest, cannot cross
 * the threshold. Then the facts are not read and the verdict is the same as with them.
 *
 * Exact, not a guess: every input is standardised and clipped to three deviations
 * (`standardised`), so a fact's push on the model's sum lies between its pushes at the two ends of
 * the fact's range (an unbounded fact's high end is the clip). A fact without a declared range
 * makes the answer "yes, read it".
 */

/** The values the veto-only facts can take: shares, 0/1 flags and log10 counts (unbounded above). */
export const VETO_FACT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  // The candidate facts (surface/article-candidate.ts): shares of the members.
  afterMain: [0, 1],
  memberDated: [0, 1],
  archiveLabels: [0, 1],
  selfLinks: [0, 1],
  offSite: [0, 1],
  // The reading facts (surface/article-reading.ts): two shares and log10(1 + sections).
  inChrome: [0, 1],
  postMembers: [0, 1],
  postSections: [0, Number.POSITIVE_INFINITY],
  // The subject facts (surface/article-subject.ts): two log10 counts, three flags and a share.
  headingsBefore: [0, Number.POSITIVE_INFINITY],
  textBefore: [0, Number.POSITIVE_INFINITY],
  figureBefore: [0, 1],
  pager: [0, 1],
  aboveHeading: [0, 1],
  dataTable: [0, 1],
};

/**
 * Room for rounding: the model's own sum adds the same terms in another order, so a bound that
 * lands within this of a threshold counts as reaching it.
 */
const ROUNDING = 1e-9;

/** The lowest and highest sum the model can reach with `unknown` inputs anywhere in their ranges; undefined when one has no range. */
export function modelSumRange(model: ArticleModel, features: GateFeatures, unknown: ReadonlySet<string>): { low: number; high: number } | undefined {
  let low = model.bias;
  let high = model.bias;
  for (let index = 0; index < model.features.length; index += 1) {
    const name = model.features[index]!;
    const weight = model.weights[index]!;
    const mean = model.means[index]!;
    const scale = model.scales[index]!;
    if (!unknown.has(name)) {
      const push = weight * standardised(features[name as keyof GateFeatures] ?? 0, mean, scale);
      low += push;
      high += push;
      continue;
    }
    const range = VETO_FACT_RANGES[name];
    if (range === undefined) return undefined;
    const atLow = weight * standardised(range[0], mean, scale);
    const atHigh = weight * standardised(range[1], mean, scale);
    low += Math.min(atLow, atHigh);
    high += Math.max(atLow, atHigh);
  }
  return { low, high };
}

const probabilityOf = (sum: number): number => 1 / (1 + Math.exp(-sum));

/**
 * Whether the veto model could overturn `article` (the verdict so far) for some values of the
 * `unknown` inputs: refuse a kept page above `refuseAbove`, keep a refused page below `keepBelow`.
 */
export function vetoMayOverturn(model: ArticleModel, features: GateFeatures, unknown: ReadonlySet<string>, article: boolean, refuseAbove: number, keepBelow: number): boolean {
  const range = modelSumRange(model, features, unknown);
  if (range === undefined) return true;
  return article ? probabilityOf(range.low - ROUNDING) < keepBelow : probabilityOf(range.high + ROUNDING) > refuseAbove;
}
