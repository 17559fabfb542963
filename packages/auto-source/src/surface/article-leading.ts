import type { ProductFacts } from './product-page.js';
import type { DiscussionFacts } from './article-discussion.js';
import type { Candidate } from '@pagefeed/core';
import { articleProbability, type ArticleModel, type GateFeatures } from './article-gate.js';

/**
 * The article gate judges more than the winner. The DOM tier's winner is sometimes a weak part of a
 * real list — its date cells, a column of row links, a short menu above it — and a gate that sees
 * only that part reads a job board or a meeting calendar as an article with a few links. So the
 * gate also reads the next leading candidates of the same tier (at most `model.leading` in all,
 * the winner included): the page is a list when any of them reads as one. The verdict never
 * changes which list is returned; it only decides list or article.
 *
 * How many to read, and whether reading more helps at all, is decided by the fitting script on
 * held-out repositories (`corpus/fit/fit-article-gate.mjs`); a model without `leading` reads the
 * winner alone.
 */

/** How many leading candidates the fitting script observes (the shipped model may read fewer). */
export const OBSERVED_LEADING = 6;

export interface AlternativeCheck {
  /** Place in the tier's order (1 = the runner-up). */
  readonly rank: number;
  /** The candidate's hand score against the winner's (winner - candidate, in score points). */
  readonly scoreGap: number;
  readonly features: GateFeatures;
  readonly probability: number;
}

export interface ArticleCheck {
  readonly features: GateFeatures;
  readonly probability: number;
  readonly article: boolean;
  /** The leading candidates after the winner that were read (none when the winner alone decides). */
  readonly alternatives: readonly AlternativeCheck[];
  /** The list's rows read as a discussion (surface/article-discussion.ts), for a page the gate keeps with members. */
  readonly discussion?: DiscussionFacts;
  /** The page read as one product's page (surface/product-page.ts), for a page the gate was about to keep with members. */
  readonly product?: ProductFacts;
}

/**
 * Gate inputs and probabilities for the leading candidates after `winner` (distinct selectors, each
 * with page members). `observe` (fitting, diagnostics) reads `OBSERVED_LEADING` of them whatever the
 * model says; the decision itself uses only the first `model.leading - 1`.
 */
export function leadingAlternatives(
  ranked: readonly Candidate[],
  winner: Candidate | undefined,
  model: ArticleModel,
  featuresOf: (candidate: Candidate) => GateFeatures,
  observe = false,
): AlternativeCheck[] {
  const wanted = Math.max(0, (observe ? Math.max(OBSERVED_LEADING, model.leading ?? 1) : (model.leading ?? 1)) - 1);
  if (!winner?.selectors || wanted === 0) return [];
  const seen = new Set([winner.selectors.items]);
  const alternatives: AlternativeCheck[] = [];
  for (const [index, candidate] of ranked.entries()) {
    if (alternatives.length >= wanted) break;
    if (candidate === winner || !candidate.selectors || seen.has(candidate.selectors.items)) continue;
    seen.add(candidate.selectors.items);
    const features = featuresOf(candidate);
    if (features.members === 0) continue;
    alternatives.push({ rank: index, scoreGap: (winner.score ?? 0) - (candidate.score ?? 0), features, probability: articleProbability(features, model) });
  }
  return alternatives;
}

/** The probabilities the decision reads: the winner's and those of the first `model.leading - 1` alternatives. */
export function decidingProbability(probability: number, alternatives: readonly AlternativeCheck[], model: ArticleModel): number {
  const read = alternatives.slice(0, Math.max(0, (model.leading ?? 1) - 1));
  return Math.min(probability, ...read.map((alternative) => alternative.probability));
}
