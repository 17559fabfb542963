import { describe, expect, it } from 'vitest';
import { context, fixture, page } from '../test-support/helpers.js';
import { jsonLd } from './json-ld.js';

describe('json-ld scraper', () => {
  it('reads an ItemList inside @graph in position order, skipping breadcrumbs', async () => {
    const result = await jsonLd.scrape(fixture('json-ld.html'), context());
    expect(result.items.map((item) => item.title)).toEqual(['First post', 'Second post', 'Third post']);
    expect(result.items[0]).toMatchObject({ url: 'https://example.test/posts/first', published_at: '2024-03-01', image: 'https://example.test/first.jpg' });
    expect(result.candidates[0]?.scraper).toBe('json-ld');
  });

  it('reads Article-family nodes (headline, name, mainEntityOfPage) and survives a broken block', async () => {
    const result = await jsonLd.scrape(fixture('json-ld-articles.html'), context());
    expect(result.items.map((item) => [item.title, item.url])).toEqual([
      ['Alpha', 'https://example.test/a'],
      ['Beta', 'https://example.test/b'],
      ['Gamma', 'https://example.test/c'],
    ]);
    expect(result.items[0]?.author).toBe('Ann');
    expect(result.items[1]?.categories).toEqual(['x', 'y']);
  });

  it('does not turn a single article about the page itself into a list', async () => {
    const document = page('<script type="application/ld+json">{"@type":"NewsArticle","headline":"Me","url":"https://example.test/list"}</script>');
    expect((await jsonLd.scrape(document, context())).items).toEqual([]);
  });
});
