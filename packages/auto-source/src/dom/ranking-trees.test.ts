import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { rankDomCandidates, type ObservedList } from '../scrapers/dom-heuristics.js';
import { context, page } from '../test-support/helpers.js';
import { RANKING_FEATURES, type RankingObservation } from './ranking.js';
import { predictedGain, predictedGains, rerankByTrees, treeChoice, treeInputSlots, type TreeRankingModel } from './ranking-trees.js';
import { FITTED_TREE_MODEL, TREE_RANKING_MODEL } from './ranking-trees-model.js';
import { RANKING_MODEL } from './ranking-model.js';

const posts = (count: number): string =>
  Array.from({ length: count }, (_, index) => `<article class="post"><h2><a href="/blog/2024/story-number-${index}">A fairly long story title number ${index}</a></h2><p>${'Some words of the story teaser. '.repeat(6)}</p></article>`).join('');
const menu = `<nav><ul>${['Home', 'About', 'Contact', 'Shop', 'Help'].map((name) => `<li><a href="/${name.toLowerCase()}">${name}</a></li>`).join('')}</ul></nav>`;
const html = `<body>${menu}<main>${posts(5)}</main></body>`;

/**
 * One stump on an input: low side `low`, high side `high`. A node is
 * [input index or −1, split value or leaf value, low child, high child].
 */
const stump = (split: number, low: number, high: number): number[] => [0, split, 1, 2, -1, low, 0, 0, -1, high, 0, 0];
const model = (features: string[], trees: number[][], threshold = 0.1): TreeRankingModel => ({ kind: 'trees', features, rate: 1, trees, threshold, topK: 12 });

function observe(source: string): RankingObservation<ObservedList> {
  let observed: RankingObservation<ObservedList> | undefined;
  // A tree model that never switches observes the hand order.
  rankDomCandidates(page(source).document, 'https://example.test/blog', undefined, { model: model(['count'], [[-1, 0, 0, 0]]), observe: (observation) => { observed = observation; } });
  if (!observed) throw new Error('the DOM tier did not report its candidates');
  return observed;
}

describe('ranking trees', () => {
  it('walk each tree to a leaf and add the leaves, scaled by the rate', () => {
    const at = (name: string, value: number) => Float64Array.from(RANKING_FEATURES.map((feature) => (feature === name ? value : 0)));
    const trees = model(['boilerplateAncestry'], [stump(0.5, 0.3, -0.4), stump(0.5, 0.1, 0)]);
    expect(predictedGain(trees, at('boilerplateAncestry', 0), at('count', 0))).toBeCloseTo(0.4);
    expect(predictedGain(trees, at('boilerplateAncestry', 1), at('count', 0))).toBeCloseTo(-0.4);
    expect(predictedGain({ ...trees, rate: 0.5 }, at('boilerplateAncestry', 0), at('count', 0))).toBeCloseTo(0.2);
  });

  it('read an input with the -leader suffix as the difference from the leader', () => {
    const at = (value: number) => Float64Array.from(RANKING_FEATURES.map((feature) => (feature === 'count' ? value : 0)));
    const trees = model(['count-leader'], [stump(0, -1, 1)]);
    expect(predictedGain(trees, at(5), at(3))).toBe(1);
    expect(predictedGain(trees, at(3), at(5))).toBe(-1);
    expect(predictedGain(trees, at(3), at(3))).toBe(-1);
  });

  it('switch to the candidate with the largest predicted gain only above the threshold', () => {
    const trees = model(['count'], [[-1, 0, 0, 0]], 0.2);
    expect(treeChoice(trees, [0, 0.1, 0.3, 0.25])).toEqual({ index: 2, gain: 0.3 });
    expect(treeChoice(trees, [0, 0.1, 0.2, 0.15])).toEqual({ index: 0, gain: 0 });
    expect(treeChoice(trees, [0])).toEqual({ index: 0, gain: 0 });
  });

  it('put the chosen candidate first and keep the others in hand order', () => {
    const observed = observe(html);
    const entries = observed.entries as unknown as Parameters<typeof rerankByTrees>[0];
    const navAt = observed.inputs.findIndex((input) => input[RANKING_FEATURES.indexOf('boilerplateAncestry')] === 1);
    expect(navAt).toBeGreaterThan(0);
    const likesNav = model(['boilerplateAncestry'], [stump(0.5, -1, 1)]);
    const { ranked } = rerankByTrees(entries, likesNav, 100, () => true);
    expect(ranked[0]).toBe(entries[navAt]);
    expect(ranked.slice(1)).toEqual(entries.filter((_, index) => index !== navAt));
    expect(predictedGains(likesNav, observed.inputs)[navAt]).toBe(1);
    const never = model(['boilerplateAncestry'], [stump(0.5, -1, 1)], 1);
    expect(rerankByTrees(entries, never, 100, () => true).ranked).toEqual(entries);
  });

  it('refuse trees over an input this build does not compute, saying how to refit', () => {
    expect(() => treeInputSlots(model(['noSuchInput'], [[-1, 0, 0, 0]]))).toThrow(/does not compute.*fit_ranking_trees\.py/);
    expect(() => createAutoSource({ rankingModel: model(['noSuchInput-leader'], [[-1, 0, 0, 0]]) })).toThrow(/noSuchInput-leader/);
    expect(() => treeInputSlots(model(['count'], [[0, 1, 2]]))).toThrow(/four numbers/);
  });
});

describe('the shipped ranking trees', () => {
  it('read only inputs this build computes and give finite gains', () => {
    expect(() => treeInputSlots(FITTED_TREE_MODEL)).not.toThrow();
    expect(FITTED_TREE_MODEL.trees.length).toBeGreaterThan(0);
    const observed = observe(html);
    expect(predictedGains(FITTED_TREE_MODEL, observed.inputs).every(Number.isFinite)).toBe(true);
  });

  it('keep the main list of a plain page first, on or off', async () => {
    const shipped = await createAutoSource().extract(page(html), context());
    const trees = await createAutoSource({ rankingModel: FITTED_TREE_MODEL }).extract(page(html), context());
    for (const result of [shipped, trees]) expect(result.items.map((item) => item.url)).toEqual(Array.from({ length: 5 }, (_, index) => `https://example.test/blog/2024/story-number-${index}`));
    if (RANKING_MODEL === null && TREE_RANKING_MODEL === null) {
      const handOnly = await createAutoSource({ rankingModel: null }).extract(page(html), context());
      expect(shipped.items).toEqual(handOnly.items);
    }
  });
});
