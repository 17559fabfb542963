import { parseHtml } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { articleSignals } from './article.js';

/** The outermost-<article> count behind `soleArticle`, found from the walk's depths in one pass. */
function soleArticleOf(html: string) {
  return articleSignals(parseHtml(`<!doctype html><html><body>${html}</body></html>`)).soleArticle;
}

describe('articleSignals: the page\'s sole outermost <article>', () => {
  it('is the one <article>, whatever <article>s it holds', () => {
    const sole = soleArticleOf('<main><article id="outer"><h1>Story</h1><section><article><p>comment</p></article><article><p>comment</p></article></section></article></main>');
    expect(sole?.attribs['id']).toBe('outer');
  });

  it('is none when <article>s stand side by side, nested or not', () => {
    expect(soleArticleOf('<article><h2>One</h2></article><article><h2>Two</h2><article>inner</article></article>')).toBeUndefined();
    expect(soleArticleOf('<div><article>One</article></div><div><div><article>Two</article></div></div>')).toBeUndefined();
  });

  it('counts an <article> after a nested one as a sibling once the walk has left the first', () => {
    const html = '<div><article id="a"><div><article>nested</article></div></article></div><p>between</p><article id="b">B</article>';
    expect(soleArticleOf(html)).toBeUndefined();
    expect(soleArticleOf('<div><article id="a"><div><article>nested</article></div></article></div><p>after</p>')?.attribs['id']).toBe('a');
  });

  it('reads 20,000 sibling articles in one pass (once quadratic: each asked every earlier one)', () => {
    const html = Array.from({ length: 20_000 }, (_, index) => `<article><a href="/p/${index}">Post ${index}</a></article>`).join('');
    expect(soleArticleOf(html)).toBeUndefined();
    expect(soleArticleOf(`<article id="only">${html}</article>`)?.attribs['id']).toBe('only');
  });
});
