import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../test-support/helpers.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';
import { VETO_KEEP_BELOW, VETO_REFUSE_ABOVE } from './article-gate-veto-model.js';

const VERSIONS = ['14.0.2', '14.0.1', '14', '13.0.4', '13.0.3', '13.0.2', '13.0.1', '13', '12.0.2', '12.0.1', '12', '11.0.8'];
const intro = 'These notes describe the changes, fixes and known issues of each release of the development kit, from the newest release to the oldest one. '.repeat(3);
const items = VERSIONS.map((version) => `<li><a href="/java/technologies/javase/${version.replace(/\./g, '-')}-relnotes.html">JDK ${version} Release Notes</a></li>`).join('');
// An index of release notes under a long introduction, at an address that reads like one document's.
const INDEX = `<html><head><title>JDK Release Notes</title></head><body><header><a href="/">Home</a></header><main><h1>JDK Release Notes</h1><p>${intro}</p><ul>${items}</ul></main>
<footer><a href="/legal">Legal</a></footer></body></html>`;
const URL_OF_PAGE = 'https://example.test/java/technologies/javase/jdk-relnotes-index.html';

describe('the shipped gate vetoed by a confident refit, articleVeto (fifteenth session; on by default)', () => {
  it('keeps an index of release notes the shipped gate refuses as one article (on by default; false turns it off)', async () => {
    expect(await outcomeOf(INDEX, URL_OF_PAGE, { articleVeto: true })).toBe('12 items');
    expect(await outcomeOf(INDEX, URL_OF_PAGE)).toBe('12 items');
    expect(await outcomeOf(INDEX, URL_OF_PAGE, { articleVeto: false })).toBe('unsupported_surface');
  });

  it('reads only with the shipped model: another gate decides alone', async () => {
    expect(await outcomeOf(INDEX, URL_OF_PAGE, { articleModel: ARTICLE_GATE_MODEL, articleVeto: true })).toBe('12 items');
    const refusesAll = { ...ARTICLE_GATE_MODEL, threshold: 0 };
    expect(await outcomeOf(INDEX, URL_OF_PAGE, { articleModel: refusesAll, articleVeto: true })).toBe('unsupported_surface');
  });

  it('overturns only at the confident ends', () => {
    expect(VETO_KEEP_BELOW).toBeLessThan(0.5);
    expect(VETO_REFUSE_ABOVE).toBeGreaterThan(0.5);
  });
});
