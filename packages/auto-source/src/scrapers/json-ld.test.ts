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

  it('decodes the HTML character references a plugin wrote into the titles (issue 17, eleventh session)', async () => {
    const events = [
      { name: 'Piano bar: the trio&#8217;s late set', url: 'https://example.test/event/1' },
      { name: 'Regular board meeting&#8211;CANCELLED', url: 'https://example.test/event/2' },
      { name: 'Q&amp;A with the &quot;new&quot; council', url: 'https://example.test/event/3' },
      { name: 'Fish & chips night', url: 'https://example.test/event/4' },
    ].map((event) => ({ '@context': 'http://schema.org', '@type': 'Event', startDate: '2024-07-02T21:00:00-04:00', ...event }));
    const document = page(`<script type="application/ld+json">${JSON.stringify(events)}</script><ul>${events.map((event) => `<li><a href="${event.url}">x</a></li>`).join('')}</ul>`);
    const result = await jsonLd.scrape(document, context());
    expect(result.items.map((item) => item.title)).toEqual(['Piano bar: the trio’s late set', 'Regular board meeting–CANCELLED', 'Q&A with the "new" council', 'Fish & chips night']);
  });
});
