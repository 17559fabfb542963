import { compileSelector } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { context, fixture, page } from '../test-support/helpers.js';
import { domHeuristics, rankDomCandidates } from './dom-heuristics.js';

describe('dom heuristics', () => {
  it('picks the article list over navigation and footer lists, with per-item fields', async () => {
    const result = await domHeuristics.scrape(fixture('dom-list.html'), context());
    expect(result.items.map((item) => item.url)).toEqual([
      'https://example.test/news/first-story-about-the-river',
      'https://example.test/news/second-story-on-the-council',
      'https://example.test/news/third-story-from-the-market',
      'https://example.test/news/fourth-story-about-schools',
    ]);
    const [first, second, third] = result.items;
    expect(first).toMatchObject({ title: 'First story about the river', image: 'https://example.test/l1.jpg', published_at: '2024-04-01T08:00:00Z', categories: ['River'] });
    expect(first?.description).toContain('The river rose');
    expect(second?.published_at).toBe('3. März 2024');
    expect(third).toMatchObject({ published_at: 'vor 2 Stunden', image: 'https://example.test/lazy3.jpg' });
  });

  it('explains every candidate with named features and writes selectors that reproduce the winner', () => {
    const document = fixture('dom-list.html');
    const [winner, ...others] = rankDomCandidates(document.document, document.url);
    expect(winner?.candidate.features.map((feature) => feature.name)).toEqual(
      expect.arrayContaining(['count', 'headingLinks', 'titleUniqueness', 'titleLength', 'datesPresent', 'contentPaths', 'utilityPaths', 'boilerplateAncestry', 'linkDensity', 'mainContent']),
    );
    expect(others.every((other) => other.candidate.score <= (winner?.candidate.score ?? 0))).toBe(true);
    const selectors = winner?.candidate.selectors;
    expect(selectors).toBeDefined();
    const members = compileSelector(selectors?.items ?? '').selectAll(document.document);
    expect(members).toHaveLength(4);
    const urlPart = selectors?.parts['url'];
    const links = members.map((member) => (urlPart?.selector ? compileSelector(urlPart.selector).selectOne(member) : member)?.attribs['href']);
    expect(links).toEqual(winner?.items.map((item) => new URL(item.url ?? '').pathname));
  });

  it('reads heading-delimited sections without links as titled items', async () => {
    const result = await domHeuristics.scrape(fixture('changelog.html'), context());
    expect(result.items.map((item) => item.title)).toEqual(['v3.1.0', 'v3.0.2', 'v3.0.1', 'v3.0.0']);
    expect(result.items[0]?.description).toContain('Adds export to CSV');
  });

  it('prefers the title link over image and utility links, and drops ads', async () => {
    const card = (index: number, ad = false) => `<div class="card${ad ? ' card--ad' : ''}">
      <a href="/u/author-${index}"><img src="/avatar.png" alt=""></a>
      <h3><a href="/articles/a-long-title-number-${index}">A long title number ${index}</a></h3>
      <a href="/u/author-${index}">by author ${index}</a><p>Some teaser text for card ${index}.</p></div>`;
    const document = page(`<main><section>${[1, 2, 3, 4].map((index) => card(index)).join('')}${card(9, true)}</section></main>`);
    const result = await domHeuristics.scrape(document, context());
    expect(result.items.map((item) => item.url)).toEqual([1, 2, 3, 4].map((index) => `https://example.test/articles/a-long-title-number-${index}`));
  });

  it('drops a "more posts" button and a subscribe promo that sit among the posts', async () => {
    const posts = [1, 2, 3, 4, 5].map((index) => `<div class="entry"><h2><a href="/posts/a-post-with-title-${index}">A post with title ${index}</a></h2><p>Text ${index}.</p></div>`);
    const html = `<main><div class="promo"><a href="/subscribe/">Subscribe to the newsletter today</a></div>${posts.join('')}<div class="more"><a href="/page/2/">Older posts</a></div></main>`;
    const result = await domHeuristics.scrape(page(html), context());
    expect(result.items.map((item) => item.url)).toEqual([1, 2, 3, 4, 5].map((index) => `https://example.test/posts/a-post-with-title-${index}`));
  });
});
