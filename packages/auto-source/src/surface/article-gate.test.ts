import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../test-support/helpers.js';
import { GATE_FEATURES, articleProbability, readsPageFacts, standardised, urlShape, type GateFeatures } from './article-gate.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';

const paragraph = (n: number) => `<p>${'This paragraph of the story explains one more detail of what happened and why it matters to readers. '.repeat(4)}(${n})</p>`;
const related = [1, 2, 3, 4, 5].map((n) => `<li><a href="/2024/05/0${n}/another-story-about-something-else-${n}">Another story about something else ${n}</a></li>`).join('');
const ARTICLE = `<html><head><title>A story</title></head><body><header><a href="/">Home</a></header>
<main><h1>A story about one thing</h1>${[1, 2, 3, 4, 5].map(paragraph).join('')}
<section><h2>Related</h2><ul>${related}</ul></section></main></body></html>`;

const failureOf = outcomeOf;

describe('article gate', () => {
  it('ships a model over the gate inputs (the fourth session\'s 15; the page facts are observed, not read)', () => {
    expect(ARTICLE_GATE_MODEL.features).toEqual(GATE_FEATURES.slice(0, 15));
    expect(ARTICLE_GATE_MODEL.weights).toHaveLength(ARTICLE_GATE_MODEL.features.length);
    expect(readsPageFacts(ARTICLE_GATE_MODEL)).toBe(false);
  });

  it('reads the shape of the page URL: permalinks versus list addresses', () => {
    expect(urlShape('https://example.test/2024/05/01/a-story')).toEqual({ urlItemShape: 1, urlListShape: 0 });
    expect(urlShape('https://example.test/news/why-the-river-rose-last-night')).toEqual({ urlItemShape: 1, urlListShape: 0 });
    expect(urlShape('https://example.test/')).toEqual({ urlItemShape: 0, urlListShape: 1 });
    expect(urlShape('https://example.test/blog')).toEqual({ urlItemShape: 0, urlListShape: 1 });
    expect(urlShape('https://example.test/search?q=river')).toEqual({ urlItemShape: 0, urlListShape: 1 });
    expect(urlShape('not a url')).toEqual({ urlItemShape: 0, urlListShape: 0 });
  });

  it('reads an address that names a collection as a list, whatever dates or numbers it carries', () => {
    expect(urlShape('https://example.test/2009_11_01_archive.html')).toEqual({ urlItemShape: 0, urlListShape: 1 });
    expect(urlShape('https://example.test/category/news/2019/05/')).toEqual({ urlItemShape: 0, urlListShape: 1 });
    expect(urlShape('https://example.test/search/label/long-winding-road-trip-notes')).toEqual({ urlItemShape: 0, urlListShape: 1 });
    // A slug that only contains such a word stays a permalink.
    expect(urlShape('https://example.test/news/the-archive-of-the-river-town')).toEqual({ urlItemShape: 1, urlListShape: 0 });
  });

  it('clips inputs far outside the training pages instead of extrapolating', () => {
    expect(standardised(1_000, 0, 1)).toBe(3);
    expect(standardised(-1_000, 0, 1)).toBe(-3);
    expect(standardised(2, 1, 0)).toBe(1);
  });

  it('turns an article with a related-links block into not_a_list, where the rules alone returned the links', async () => {
    const url = 'https://example.test/2024/05/10/a-story-about-one-thing';
    expect(await failureOf(ARTICLE, url, { articleModel: null })).toBe('5 items');
    expect(await failureOf(ARTICLE, url)).toBe('unsupported_surface');
  });

  it('keeps a plain list page a list', async () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<article><h2><a href="/posts/post-number-${n}">Post number ${n} has a title</a></h2><p>A short teaser for post ${n}.</p></article>`).join('');
    expect(await failureOf(`<html><body><main>${items}</main></body></html>`, 'https://example.test/posts')).toBe('8 items');
  });

  it('observes the rules without the declaration as an input of its own (ninth session)', async () => {
    const items = [1, 2, 3, 4, 5, 6].map((n) => `<li><a href="/posts/post-number-${n}">Post number ${n} has a title</a></li>`).join('');
    const html = `<html><head><meta property="og:type" content="article"></head><body><main><ul>${items}</ul></main></body></html>`;
    let features: GateFeatures | undefined;
    await failureOf(html, 'https://example.test/posts', { onArticleCheck: (check: { features: GateFeatures }) => { features = check.features; } });
    expect(features?.rules).toBe(1);
    expect(features?.rulesUndeclared).toBe(0);
  });

  it('gives probabilities that move with the evidence', () => {
    const base = Object.fromEntries(GATE_FEATURES.map((name) => [name, ARTICLE_GATE_MODEL.means[ARTICLE_GATE_MODEL.features.indexOf(name)] ?? 0])) as GateFeatures;
    const articleLike = { ...base, rules: 1, mainText: 4, urlItemShape: 1, urlListShape: 0 };
    const listLike = { ...base, rules: 0, mainText: 1, urlItemShape: 0, urlListShape: 1, members: 1.5 };
    expect(articleProbability(articleLike)).toBeGreaterThan(0.5);
    expect(articleProbability(listLike)).toBeLessThan(0.5);
  });
});
