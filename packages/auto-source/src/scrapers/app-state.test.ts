import { describe, expect, it } from 'vitest';
import { context, fixture } from '../test-support/helpers.js';
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
});
