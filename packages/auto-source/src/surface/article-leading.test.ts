import type { Candidate } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { GATE_FEATURES, type ArticleModel, type GateFeatures } from './article-gate.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';
import { OBSERVED_LEADING, decidingProbability, leadingAlternatives, type ArticleCheck } from './article-leading.js';

const candidate = (items: string, score: number): Candidate => ({ source: items, score, features: [], selectors: { items } }) as unknown as Candidate;
const features = (members: number): GateFeatures => ({ ...(Object.fromEntries(GATE_FEATURES.map((name) => [name, 0])) as GateFeatures), members });
/** A model whose probability grows with `members` only (one input, bias 0): 0 members → 0.5. */
const byMembers = (leading?: number): ArticleModel => ({
  features: [...GATE_FEATURES],
  weights: GATE_FEATURES.map((name) => (name === 'members' ? -1 : 0)),
  bias: 0,
  means: GATE_FEATURES.map(() => 0),
  scales: GATE_FEATURES.map(() => 1),
  threshold: 0.5,
  ...(leading ? { leading } : {}),
});

describe('the article gate over the leading candidates', () => {
  const ranked = [candidate('tr > td.date', 20), candidate('tr > td.date', 19), candidate('nav li', 18), candidate('tr', 17), candidate('footer a', 5)];
  const membersOf = new Map([['tr > td.date', 1], ['nav li', 0], ['tr', 2], ['footer a', 0.5]]);
  const featuresOf = (entry: Candidate) => features(membersOf.get(entry.selectors!.items) ?? 0);

  it('reads the winner alone when the model does not say otherwise', () => {
    expect(leadingAlternatives(ranked, ranked[0], byMembers(), featuresOf)).toEqual([]);
  });

  it('reads distinct selectors after the winner, skips candidates without members, and records their rank and score gap', () => {
    const alternatives = leadingAlternatives(ranked, ranked[0], byMembers(3), featuresOf);
    expect(alternatives.map((entry) => [entry.rank, entry.scoreGap, entry.features.members])).toEqual([[3, 3, 2], [4, 15, 0.5]]);
    expect(alternatives[0]!.probability).toBeCloseTo(1 / (1 + Math.exp(2)), 6);
  });

  it('observes as many as the fitting script reads, whatever the model reads', () => {
    expect(leadingAlternatives(ranked, ranked[0], byMembers(), featuresOf, true)).toHaveLength(2);
    expect(OBSERVED_LEADING).toBeGreaterThanOrEqual(2);
  });

  it('calls the page an article only when every candidate it reads does', () => {
    const alternatives = leadingAlternatives(ranked, ranked[0], byMembers(3), featuresOf, true);
    expect(decidingProbability(0.9, alternatives, byMembers())).toBe(0.9);
    expect(decidingProbability(0.9, alternatives, byMembers(2))).toBeCloseTo(alternatives[0]!.probability, 9);
    expect(decidingProbability(0.1, alternatives, byMembers(3))).toBe(0.1);
  });

  it('reports the alternatives to onArticleCheck while the shipped model decides on the winner alone', async () => {
    expect(ARTICLE_GATE_MODEL.leading ?? 1).toBe(1);
    const rows = [1, 2, 3, 4, 5, 6].map((n) => `<tr><td><a href="/event/${n}">Board meeting number ${n} of the year</a></td><td>2024-0${n}-01</td></tr>`).join('');
    const html = `<html><body><main><table>${rows}</table></main><footer><ul>${['About', 'Contact', 'Jobs'].map((label) => `<li><a href="/${label}">${label}</a></li>`).join('')}</ul></footer></body></html>`;
    let check: ArticleCheck | undefined;
    const result = await createAutoSource({ onArticleCheck: (observed) => { check = observed; } }).extract(page(html, 'https://example.test/meetings'), context());
    expect(result.items).toHaveLength(6);
    expect(check?.article).toBe(false);
    expect(check?.alternatives.length).toBeGreaterThan(0);
    for (const alternative of check!.alternatives) expect(alternative.probability).toBeGreaterThanOrEqual(0);
  });
});
