import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { articleSignals } from './article.js';
import { GATE_FEATURES, readsPageFacts, type ArticleModel } from './article-gate.js';
import type { ArticleCheck } from './article-leading.js';
import { NO_PAGE_FACTS, PAGE_FACTS, pageFacts } from './article-page.js';

const body = (n: number) => `<p>${'One more sentence of the story that explains what happened and why it matters. '.repeat(5)}(${n})</p>`;
const factsOf = (html: string) => {
  const document = page(`<!doctype html><html><body>${html}</body></html>`).document;
  const signals = articleSignals(document);
  return pageFacts(document, signals.mainBlock, signals.mainBlockCharacters);
};

const MENU = `<nav><ul>${Array.from({ length: 30 }, (_, n) => `<li><a href="/section/${n}">Section ${n}</a></li>`).join('')}</ul></nav>`;
const ROWS = `<table>${Array.from({ length: 12 }, (_, n) => `<tr><td>2024-05-${String(n + 10)}</td><td><a href="/meetings/${n}">Board meeting ${n}</a></td><td>Room ${n}</td></tr>`).join('')}</table>`;
const STORY = `<article><h1>A story</h1><div class="body">${[1, 2, 3, 4, 5, 6].map(body).join('')}</div>
<ul class="related">${[1, 2, 3].map((n) => `<li><a href="/story-${n}">Another story ${n}</a></li>`).join('')}</ul></article>`;

describe('page facts for the article gate', () => {
  it('finds the largest group of link rows in the content region, and how many are dated', () => {
    const facts = factsOf(`${MENU}<main>${ROWS}</main>`);
    expect(facts.rowCount).toBeCloseTo(Math.log10(13), 6);
    expect(facts.rowDated).toBe(1);
    // The menu's text counts in the page's text, not in the rows'.
    expect(facts.rowTextShare).toBeGreaterThan(0.5);
    expect(facts.rowTextShare).toBeLessThan(0.7);
    expect(facts.bodyShare).toBe(0);
  });

  it('does not count links of the chrome (nav, header, footer, aside) as rows', () => {
    const facts = factsOf(`${MENU}<footer>${MENU.replace(/nav/g, 'div')}</footer><main><p>Nothing listed here.</p></main>`);
    expect(facts.rowCount).toBe(0);
    expect(facts.rowTextShare).toBe(0);
  });

  it('reads an article as one dominant body text with a short related block', () => {
    const facts = factsOf(STORY);
    expect(facts.rowCount).toBeCloseTo(Math.log10(4), 6);
    expect(facts.bodyShare).toBeGreaterThan(0.8);
    expect(facts.rowDated).toBe(0);
    expect(facts.mainInRow).toBe(0);
  });

  it('does not take the inline links of the body text for rows', () => {
    const linked = (n: number) => `<p>${Array.from({ length: 8 }, (_, k) => `Read <a href="/ref/${n}-${k}">reference ${k}</a> for more on this point.`).join(' ')}</p>`;
    const facts = factsOf(`<article><div class="body">${[1, 2, 3, 4].map(linked).join('')}</div></article>`);
    expect(facts.rowCount).toBe(0);
  });

  it('marks a list of full posts: the main text block lies inside one of the rows', () => {
    const post = (n: number) => `<div class="post"><h2><a href="/post/${n}">Post ${n}</a></h2><div class="text">${[1, 2, 3].map(body).join('')}</div></div>`;
    const facts = factsOf(`<main>${[1, 2, 3].map(post).join('')}</main>`);
    expect(facts.rowCount).toBeCloseTo(Math.log10(4), 6);
    expect(facts.mainInRow).toBe(1);
  });

  it('gives zeros for a page without text or links', () => {
    expect(factsOf('')).toEqual(NO_PAGE_FACTS);
  });
});

describe('page facts in the gate', () => {
  const LIST = `<!doctype html><html><body>${MENU}<main>${ROWS}</main></body></html>`;
  const observe = async (options: { articleModel?: ArticleModel | null }) => {
    let check: ArticleCheck | undefined;
    await createAutoSource({ ...options, onArticleCheck: (seen) => { check = seen; } }).extract(page(LIST), context()).catch(() => undefined);
    return check;
  };

  it('are inputs of the gate after the fourth session\'s 15', () => {
    expect(GATE_FEATURES.slice(15, 15 + PAGE_FACTS.length)).toEqual([...PAGE_FACTS]);
    // Then the rules' verdict without the declaration (ninth session).
    expect(GATE_FEATURES.slice(15 + PAGE_FACTS.length, 16 + PAGE_FACTS.length)).toEqual(['rulesUndeclared']);
  });

  it('are observed for the fitting script even when the shipped model does not read them', async () => {
    const check = await observe({});
    expect(check?.features.rowCount).toBeCloseTo(Math.log10(13), 6);
    expect(check?.features.rowDated).toBe(1);
  });

  it('decide when a model reads them', async () => {
    const zero = GATE_FEATURES.map(() => 0);
    const model = (weight: number): ArticleModel => ({
      features: [...GATE_FEATURES],
      weights: GATE_FEATURES.map((name) => (name === 'rowDated' ? weight : 0)),
      bias: 0, means: zero, scales: GATE_FEATURES.map(() => 1), threshold: 0.5,
    });
    expect(readsPageFacts(model(1))).toBe(true);
    // All rows dated (rowDated 1): a positive weight calls the page an article, a negative one a list.
    expect((await observe({ articleModel: model(3) }))?.article).toBe(true);
    expect((await observe({ articleModel: model(-3) }))?.article).toBe(false);
  });
});
