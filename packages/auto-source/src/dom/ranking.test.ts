import { describe, expect, it } from 'vitest';
import { fitConditionalLogit, meanLoss } from '../../../../corpus/fit/conditional-logit.mjs';
import { createAutoSource } from '../create-auto-source.js';
import { rankDomCandidates, type ObservedList } from '../scrapers/dom-heuristics.js';
import { context, page } from '../test-support/helpers.js';
import { fitsInputs, RANKING_FEATURES, rerank, utilityOf, type RankingModel, type RankingObservation } from './ranking.js';
import { FITTED_RANKING_MODEL, RANKING_MODEL } from './ranking-model.js';

const zeros = (): number[] => RANKING_FEATURES.map(() => 0);
/** A model that only orders (weights 0: the hand order is kept), for observing the inputs. */
const observing: RankingModel = { features: [...RANKING_FEATURES], weights: zeros(), means: zeros(), scales: RANKING_FEATURES.map(() => 1), topK: 12 };
const at = (input: Float64Array, name: (typeof RANKING_FEATURES)[number]): number => input[RANKING_FEATURES.indexOf(name)]!;

const posts = (count: number, inner = ''): string =>
  Array.from({ length: count }, (_, index) => `<article class="post"><h2><a href="/blog/2024/story-number-${index}">A fairly long story title number ${index}</a></h2><p>${'Some words of the story teaser. '.repeat(6)}</p>${inner}</article>`).join('');
const menu = `<nav><ul>${['Home', 'About', 'Contact', 'Shop', 'Help'].map((name) => `<li><a href="/${name.toLowerCase()}">${name}</a></li>`).join('')}</ul></nav>`;

function observe(html: string): RankingObservation<ObservedList> {
  let observed: RankingObservation<ObservedList> | undefined;
  rankDomCandidates(page(html).document, 'https://example.test/blog', undefined, { model: observing, observe: (observation) => { observed = observation; } });
  if (!observed) throw new Error('the DOM tier did not report its candidates');
  return observed;
}

describe('ranking inputs', () => {
  it('tell a navigation menu from the main list of posts', () => {
    const observed = observe(`<body>${menu}<main>${posts(5)}</main></body>`);
    const postsAt = observed.entries.findIndex((entry) => entry.items.some((item) => item.url?.includes('/blog/2024/')));
    const menuAt = observed.entries.findIndex((entry) => entry.items.some((item) => item.url?.endsWith('/about')));
    expect(postsAt).toBeGreaterThanOrEqual(0);
    expect(menuAt).toBeGreaterThanOrEqual(0);
    const [list, nav] = [observed.inputs[postsAt]!, observed.inputs[menuAt]!];
    expect(at(nav, 'boilerplateAncestry')).toBe(1);
    expect(at(list, 'boilerplateAncestry')).toBe(0);
    expect(at(list, 'textShare')).toBe(1);
    expect(at(nav, 'textShare')).toBeLessThan(0.2);
    expect(at(list, 'titleWords')).toBeGreaterThan(at(nav, 'titleWords'));
    expect(at(nav, 'position')).toBeLessThan(at(list, 'position'));
    expect(at(list, 'mainContent')).toBe(1);
    expect(at(list, 'sameHost')).toBe(1);
    // The hand score puts the posts first: no gap, first place.
    expect(postsAt).toBe(0);
    expect(at(list, 'handGap')).toBe(0);
    expect(at(nav, 'handGap')).toBeGreaterThan(0);
    expect(observed.inputs.every((input) => input.length === RANKING_FEATURES.length && input.every(Number.isFinite))).toBe(true);
  });

  it('mark lists inside the items of another list, and the list that encloses them', () => {
    const tags = `<ul class="tags">${['alpha', 'beta', 'gamma'].map((tag) => `<li><a href="/tag/${tag}">${tag}</a></li>`).join('')}</ul>`;
    const observed = observe(`<body><main>${posts(4, tags)}</main></body>`);
    const postsAt = observed.entries.findIndex((entry) => entry.group.members.length === 4 && entry.items.some((item) => item.url?.includes('/blog/2024/')));
    const tagsAt = observed.entries.findIndex((entry) => entry.items.length >= 3 && entry.items.every((item) => item.url?.includes('/tag/')));
    expect(postsAt).toBeGreaterThanOrEqual(0);
    expect(tagsAt).toBeGreaterThanOrEqual(0);
    expect(at(observed.inputs[tagsAt]!, 'insideOther')).toBe(1);
    expect(at(observed.inputs[postsAt]!, 'enclosesOther')).toBe(1);
    expect(at(observed.inputs[postsAt]!, 'insideOther')).toBe(0);
  });
});

describe('rerank', () => {
  it('re-orders the leading candidates by the fitted utility and keeps ties in hand order', () => {
    const observed = observe(`<body>${menu}<main>${posts(5)}</main></body>`);
    const entries = observed.entries as unknown as Parameters<typeof rerank>[0];
    const menuAt = observed.inputs.findIndex((input) => at(input, 'boilerplateAncestry') === 1);
    // A model that likes navigation puts the menu first; the zero model keeps the hand order.
    const likesNav: RankingModel = { ...observing, weights: RANKING_FEATURES.map((name) => (name === 'boilerplateAncestry' ? 1 : 0)) };
    expect(rerank(entries, likesNav, 100, () => true).ranked[0]).toBe(entries[menuAt]);
    expect(rerank(entries, observing, 100, () => true).ranked).toEqual(entries);
    expect(utilityOf(observed.inputs[menuAt]!, likesNav)).toBe(1);
  });

  it('clips standardised inputs at three deviations', () => {
    const input = Float64Array.from(RANKING_FEATURES.map((name) => (name === 'count' ? 1000 : 0)));
    const model: RankingModel = { ...observing, weights: RANKING_FEATURES.map((name) => (name === 'count' ? 2 : 0)) };
    expect(utilityOf(input, model)).toBe(6);
  });
});

describe('the shipped ranking model', () => {
  it('loads, was fitted on the inputs this build computes, and ranks a page', () => {
    expect(fitsInputs(FITTED_RANKING_MODEL)).toBe(true);
    expect(FITTED_RANKING_MODEL.weights.every(Number.isFinite)).toBe(true);
    expect(FITTED_RANKING_MODEL.scales.every((scale) => scale > 0)).toBe(true);
    expect(RANKING_MODEL === null || fitsInputs(RANKING_MODEL)).toBe(true);
    const ranked = rankDomCandidates(page(`<body>${menu}<main>${posts(5)}</main></body>`).document, 'https://example.test/blog', undefined, { model: FITTED_RANKING_MODEL });
    expect(ranked[0]?.items.every((item) => item.url?.includes('/blog/2024/'))).toBe(true);
  });

  it('refuses a model fitted on other inputs, saying how to refit it', () => {
    const stale: RankingModel = { features: ['titleLength'], weights: [1], means: [0], scales: [1], topK: 5 };
    expect(() => createAutoSource({ rankingModel: stale })).toThrow(/fitted on other inputs.*pnpm corpus:fit-ranking/);
  });

  it('by default gives the same list as the hand score when the shipped model is switched off', async () => {
    const html = `<body>${menu}<main>${posts(5)}</main></body>`;
    const shipped = await createAutoSource().extract(page(html), context());
    const handOnly = await createAutoSource({ rankingModel: null }).extract(page(html), context());
    if (RANKING_MODEL === null) expect(shipped.items).toEqual(handOnly.items);
    expect(handOnly.items.map((item) => item.url)).toEqual(Array.from({ length: 5 }, (_, index) => `https://example.test/blog/2024/story-number-${index}`));
  });
});

describe('fitConditionalLogit', () => {
  // Each group: three alternatives; the target is the one with the largest first input, the second input is noise.
  const groups = [
    { xs: [[3, 1], [1, 0], [0, 2]], targets: [1, 0, 0] },
    { xs: [[0, 0], [2, 1], [1, 3]], targets: [0, 1, 0] },
    { xs: [[1, 2], [0, 1], [4, 0]], targets: [0, 0, 1] },
    { xs: [[2, 0], [5, 2], [1, 1]], targets: [0, 1, 0] },
  ];

  it('learns which input picks the target, deterministically', () => {
    const first = fitConditionalLogit(groups, { lambda: 1 });
    const second = fitConditionalLogit(groups, { lambda: 1 });
    expect(second).toEqual(first);
    expect(first.weights[0]).toBeGreaterThan(0);
    expect(Math.abs(first.weights[0]!)).toBeGreaterThan(Math.abs(first.weights[1]!));
    expect(meanLoss(groups, first)).toBeLessThan(meanLoss(groups, { ...first, weights: [0, 0] }));
  });

  it('shrinks towards zero with a larger penalty, except for unpenalised inputs', () => {
    const loose = fitConditionalLogit(groups, { lambda: 0.1 });
    const tight = fitConditionalLogit(groups, { lambda: 100 });
    expect(Math.abs(tight.weights[0]!)).toBeLessThan(Math.abs(loose.weights[0]!));
    const free = fitConditionalLogit(groups, { lambda: 100, unpenalised: [0] });
    expect(Math.abs(free.weights[0]!)).toBeGreaterThan(Math.abs(tight.weights[0]!));
  });

  it('says what is wrong with groups it cannot fit', () => {
    expect(() => fitConditionalLogit([])).toThrow(/no groups/);
    expect(() => fitConditionalLogit([{ xs: [[1], [2]], targets: [0, 0] }])).toThrow(/at least one target/);
  });
});
