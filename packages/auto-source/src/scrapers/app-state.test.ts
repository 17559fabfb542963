import { describe, expect, it } from 'vitest';
import { context, fixture, page } from '../test-support/helpers.js';
import { appState } from './app-state.js';

describe('app-state scraper', () => {
  it('finds the titled, linked array in __NEXT_DATA__ and skips navigation arrays', async () => {
    const result = await appState.scrape(fixture('next-data.html'), context());
    expect(result.items.map((item) => item.url)).toEqual(['https://example.test/blog/one', 'https://example.test/blog/two', 'https://example.test/blog/three']);
    expect(result.items[0]).toMatchObject({ title: 'Next post one about things', published_at: '2024-05-01' });
    expect(result.candidates[0]?.source).toContain('__NEXT_DATA__');
  });

  it('reads window.X = {...} blobs and ignores an unterminated one', async () => {
    const result = await appState.scrape(fixture('window-state.html'), context());
    expect(result.items.map((item) => item.title)).toEqual(['State story one here', 'State story two here', 'State story three here']);
    expect(result.candidates[0]?.source).toContain('window.__INITIAL_STATE__');
  });

  it('skips a blob whose variable names chrome (window.headerMedia) and arrays whose titles are markup', async () => {
    const posts = (prefix: string) => [1, 2, 3, 4].map((n) => ({ title: `${prefix} story number ${n}`, url: `https://example.test/blog/${prefix}-${n}` }));
    const markup = [1, 2, 3, 4].map((n) => ({ title: `<a href="/blog/p${n}">Widget story number ${n}</a>`, url: `https://example.test/blog/p${n}` }));
    const html = (name: string, data: unknown) => `<html><head><script>window.${name} = ${JSON.stringify(data)};</script></head><body><p>x</p></body></html>`;
    expect((await appState.scrape(page(html('headerMedia', posts('Header')), 'https://example.test/'), context())).items).toEqual([]);
    expect((await appState.scrape(page(html('FOOTER_LINKS', posts('Footer')), 'https://example.test/'), context())).items).toEqual([]);
    expect((await appState.scrape(page(html('pageState', markup), 'https://example.test/'), context())).items).toEqual([]);
    // A word that only contains a chrome word is not one ("unavailable" holds "nav").
    expect((await appState.scrape(page(html('unavailableStories', posts('Sold')), 'https://example.test/'), context())).items).toHaveLength(4);
    const kept = await appState.scrape(page(html('pageState', posts('Page')), 'https://example.test/'), context());
    expect(kept.items.map((item) => item.title)).toEqual(['Page story number 1', 'Page story number 2', 'Page story number 3', 'Page story number 4']);
  });
});
