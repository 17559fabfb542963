import { describe, expect, it } from 'vitest';
import { articleProbability, GATE_FEATURES, type GateFeatures } from './article-gate.js';
import { ARTICLE_GATE_VETO_MODEL, VETO_KEEP_BELOW, VETO_REFUSE_ABOVE } from './article-gate-veto-model.js';
import { modelSumRange, VETO_FACT_RANGES, vetoMayOverturn } from './veto-bounds.js';

/** A small deterministic generator (the same pages every run). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const VETO_ONLY = new Set(Object.keys(VETO_FACT_RANGES));

/** Gate inputs as pages give them: shares and flags in [0, 1], log10 counts and lengths up to 5, a score in [-2, 2]. */
function randomFeatures(random: () => number, spread: number): GateFeatures {
  const features = {} as Record<string, number>;
  for (const name of GATE_FEATURES) features[name] = name === 'score' ? 4 * random() - 2 : spread * random();
  for (const [name, [, high]] of Object.entries(VETO_FACT_RANGES)) features[name] = Number.isFinite(high) ? random() : 5 * random();
  return features as GateFeatures;
}

const logit = (probability: number) => Math.log(probability / (1 - probability));

describe('the veto bounded before its own facts are read (sixteenth session)', () => {
  it('bounds the veto model for every value of the unknown facts', () => {
    const random = createRandom(16);
    for (let page = 0; page < 2_000; page += 1) {
      const features = randomFeatures(random, 5);
      const range = modelSumRange(ARTICLE_GATE_VETO_MODEL, features, VETO_ONLY)!;
      const sum = logit(articleProbability(features, ARTICLE_GATE_VETO_MODEL));
      expect(sum).toBeGreaterThanOrEqual(range.low - 1e-6);
      expect(sum).toBeLessThanOrEqual(range.high + 1e-6);
    }
  });

  it('says "cannot overturn" only where the veto with the facts read does not overturn', () => {
    const random = createRandom(21);
    let skipped = 0;
    for (let page = 0; page < 4_000; page += 1) {
      const features = randomFeatures(random, 3);
      const article = random() < 0.5;
      const confident = articleProbability(features, ARTICLE_GATE_VETO_MODEL);
      const overturns = article ? confident < VETO_KEEP_BELOW : confident > VETO_REFUSE_ABOVE;
      const zeros = { ...features, ...Object.fromEntries([...VETO_ONLY].map((name) => [name, 0])) } as GateFeatures;
      const may = vetoMayOverturn(ARTICLE_GATE_VETO_MODEL, zeros, VETO_ONLY, article, VETO_REFUSE_ABOVE, VETO_KEEP_BELOW);
      if (overturns) expect(may).toBe(true);
      if (!may) skipped += 1;
    }
    // The bound must also be useful: many random pages are decided without the facts.
    expect(skipped).toBeGreaterThan(400);
  });

  it('reads an input it has no range for', () => {
    const features = randomFeatures(createRandom(3), 1);
    expect(modelSumRange(ARTICLE_GATE_VETO_MODEL, features, new Set(['mainText']))).toBeUndefined();
    expect(vetoMayOverturn(ARTICLE_GATE_VETO_MODEL, features, new Set(['mainText']), true, VETO_REFUSE_ABOVE, VETO_KEEP_BELOW)).toBe(true);
  });
});
