import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { challengeProbability, challengerInputSlots, DEFAULT_CHALLENGER_MODEL, isChallengerModel, type ChallengerRankingModel } from './ranking-challenger.js';
import { FITTED_CHALLENGER_MODEL } from './ranking-challenger-model.js';
import { RANKING_FEATURES } from './ranking.js';

const model = (overrides: Partial<ChallengerRankingModel>): ChallengerRankingModel => ({
  kind: 'challenger',
  features: ['handRank', 'count-leader'],
  weights: [0, 0],
  bias: 0,
  means: [0, 0],
  scales: [1, 1],
  threshold: 0.9,
  topK: 12,
  ...overrides,
});
const inputs = (values: Partial<Record<string, number>>): Float64Array => Float64Array.from(RANKING_FEATURES, (name) => values[name] ?? 0);

/** Two lists of a page: ten news rows with dates, and a strip of four section links. */
const newsPage = (): string =>
  `<html><body><ul class="sections">${['World', 'Business', 'Culture', 'Sport'].map((name) => `<li><a href="/${name.toLowerCase()}">${name}</a></li>`).join('')}</ul>` +
  `<main>${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((day) => `<article><h2><a href="/news/2026/03/${day}/story-${day}">Story number ${day} of the spring</a></h2><time datetime="2026-03-${10 + day}">${10 + day} March</time></article>`).join('')}</main></body></html>`;

describe('the challenger logit (dom/ranking-challenger.ts)', () => {
  it('reads its inputs by name, a difference from the leader by the -leader suffix', () => {
    const probe = model({ weights: [0, 2] });
    const candidate = inputs({ count: 5 });
    const leader = inputs({ count: 4 });
    // 2 × clip(5 − 4) = 2: the logistic of 2.
    expect(challengeProbability(probe, candidate, leader)).toBeCloseTo(1 / (1 + Math.exp(-2)), 10);
    // Standardised values are clipped to three deviations.
    expect(challengeProbability(probe, inputs({ count: 100 }), leader)).toBeCloseTo(1 / (1 + Math.exp(-6)), 10);
  });

  it('refuses an input this build does not compute and a model whose lists differ in length', () => {
    expect(() => challengerInputSlots(model({ features: ['noSuchInput', 'count-leader'] }))).toThrow(/noSuchInput/);
    expect(() => challengerInputSlots(model({ weights: [1] }))).toThrow(/one weight/);
    expect(isChallengerModel(model({}))).toBe(true);
    expect(isChallengerModel({ kind: 'trees' })).toBe(false);
  });

  it('keeps the hand order unless a challenger passes the threshold', async () => {
    const extract = (rankingModel: ChallengerRankingModel | null) => createAutoSource({ rankingModel }).extract(page(newsPage(), 'https://news.test/'), context());
    const hand = await extract(null);
    expect(hand.items).toHaveLength(10);
    const moved = (result: Awaited<ReturnType<typeof extract>>) => result.diagnostics.candidates?.[0]?.features?.some((feature) => feature.name === 'learnedRank');
    const never = await extract(model({ bias: -20 }));
    expect(never.items.map((item) => item.url)).toEqual(hand.items.map((item) => item.url));
    expect(moved(never)).toBe(false);
    // A model sure of every challenger (bias 20) puts the first one in front of the hand leader.
    const always = await extract(model({ bias: 20 }));
    expect(moved(always)).toBe(true);
  });

  it('lets no candidate under the bar (minScore) challenge a leader at or above it', async () => {
    const extract = (rankingModel: ChallengerRankingModel | null) => createAutoSource({ rankingModel }).extract(page(newsPage(), 'https://news.test/'), context());
    const hand = await extract(null);
    const [leader, second] = [hand.diagnostics.candidates?.[0]?.score ?? 0, hand.diagnostics.candidates?.[1]?.score ?? 0];
    expect(leader).toBeGreaterThan(second);
    const moved = (result: Awaited<ReturnType<typeof extract>>) => result.diagnostics.candidates?.[0]?.features?.some((feature) => feature.name === 'learnedRank');
    // A bar at the leader's own hand score: the model is sure of every challenger, but none reaches the bar.
    const barred = await extract(model({ bias: 20, minScore: leader }));
    expect(moved(barred)).toBe(false);
    expect(barred.items.map((item) => item.url)).toEqual(hand.items.map((item) => item.url));
    // A bar under both: the challenger moves as without one.
    expect(moved(await extract(model({ bias: 20, minScore: second - 1 })))).toBe(true);
    // A leader under the bar itself does not hold the others back.
    expect(moved(await extract(model({ bias: 20, minScore: leader + 1 })))).toBe(true);
  });

  it('is off by default: the default extraction keeps the hand order', async () => {
    expect(DEFAULT_CHALLENGER_MODEL).toBeNull();
    const byDefault = await createAutoSource().extract(page(newsPage(), 'https://news.test/'), context());
    const hand = await createAutoSource({ rankingModel: null }).extract(page(newsPage(), 'https://news.test/'), context());
    expect(byDefault.items.map((item) => item.url)).toEqual(hand.items.map((item) => item.url));
  });

  it('ships as data fitted on the inputs this build computes', () => {
    expect(() => challengerInputSlots(FITTED_CHALLENGER_MODEL)).not.toThrow();
    expect(FITTED_CHALLENGER_MODEL.features).toHaveLength(2 * RANKING_FEATURES.length);
  });
});
