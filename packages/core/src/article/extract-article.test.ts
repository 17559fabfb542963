import { describe, expect, it } from 'vitest';
import { extractArticle } from './extract-article.js';

const PARAGRAPH = 'This sentence is part of the article, and it goes on long enough, with commas, to count as text.';
const body = (extra = '') => `<div class="story-body">${[1, 2, 3, 4].map((n) => `<p>${n}. ${PARAGRAPH}</p>`).join('')}${extra}</div>`;

function page(main: string): string {
  return `<!doctype html><html><head><title>Site | A title</title><meta property="og:title" content="A title">
    <meta name="author" content="Jane Doe"><meta property="article:published_time" content="2026-11-01T10:00:00Z"></head>
    <body><header class="site-header"><a href="/">Home</a></header><nav><a href="/a">A</a><a href="/b">B</a></nav>
    <main><h1>A title</h1>${main}</main>
    <aside class="sidebar"><p>${PARAGRAPH} (sidebar)</p></aside>
    <div id="comments"><p>${PARAGRAPH} (comment)</p></div><footer>Footer text</footer></body></html>`;
}

describe('extractArticle', () => {
  it('keeps the article text, drops navigation, sidebars, comments and the title heading', () => {
    const article = extractArticle(page(body()), { url: 'https://example.com/posts/1' });
    expect(article.text.split('\n\n')).toEqual([1, 2, 3, 4].map((n) => `${n}. ${PARAGRAPH}`));
    expect(article).toMatchObject({ title: 'A title', byline: 'Jane Doe', published: '2026-11-01T10:00:00Z', method: 'scored' });
    expect(article.html).not.toContain('<h1');
    expect(article.length).toBe(article.text.length);
  });

  it('makes links and images absolute and resolves lazily loaded images', () => {
    const extra = '<p><a href="../more">more</a> and <img src="data:image/gif;base64,R0lGOD" data-src="/img/a.jpg" alt="A"> '
      + '<img class="lazy" data-srcset="/img/b-1x.jpg 1x, /img/b-2x.jpg 2x" alt="B"> and a long enough sentence, with commas, here.</p>';
    const article = extractArticle(page(body(extra)), { url: 'https://example.com/posts/1' });
    expect(article.html).toContain('href="https://example.com/more"');
    expect(article.html).toContain('src="https://example.com/img/a.jpg"');
    expect(article.html).toContain('https://example.com/img/b-2x.jpg 2x');
    expect(article.html).not.toContain('data:image/gif');
  });

  it('drops share bars and related-link lists inside the article', () => {
    const extra = '<div class="share-tools"><a href="https://x.example/s">Share</a><a href="https://f.example/s">Post</a></div>'
      + '<ul class="related-links"><li><a href="/r1">Related one</a></li><li><a href="/r2">Related two</a></li></ul>';
    const article = extractArticle(page(body(extra)), { url: 'https://example.com/posts/1' });
    expect(article.text).not.toContain('Share');
    expect(article.text).not.toContain('Related one');
  });

  it('takes the body from a selector when one is given, without scoring', () => {
    const article = extractArticle(page(`${body()}<section class="notes"><p>Short note.</p></section>`), { url: 'https://example.com/', selector: '.notes' });
    expect(article).toMatchObject({ method: 'selector', text: 'Short note.' });
  });

  it('finds the text of a page written without <html> and <body>', () => {
    const article = extractArticle(`<!doctype html><title>T</title><h1>T</h1><p>${PARAGRAPH}</p>`, { url: 'https://example.com/' });
    expect(article).toMatchObject({ text: PARAGRAPH, method: 'scored' });
  });

  it('returns empty text for a page without article text', () => {
    expect(extractArticle('<html><body><nav><a href="/">Home</a></nav></body></html>').text).toBe('');
    expect(extractArticle('').html).toBe('');
  });
});
