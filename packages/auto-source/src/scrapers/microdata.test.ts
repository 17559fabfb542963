import { describe, expect, it } from 'vitest';
import { context, fixture } from '../test-support/helpers.js';
import { microdata } from './microdata.js';

describe('microdata scraper', () => {
  it('reads schema.org Article-family item scopes', async () => {
    const result = await microdata.scrape(fixture('microdata.html'), context());
    expect(result.items.map((item) => item.url)).toEqual(['https://example.test/m/one', 'https://example.test/m/two', 'https://example.test/m/three']);
    expect(result.items[0]).toMatchObject({ title: 'Microdata one', published_at: '2024-01-01' });
    expect(result.items[1]?.description).toBe('Second text');
  });

  it('reads microformats2 h-entry elements', async () => {
    const result = await microdata.scrape(fixture('h-entry.html'), context());
    expect(result.candidates[0]?.source).toBe('h-entry');
    expect(result.items.map((item) => [item.title, item.url])).toEqual([
      ['First note', 'https://example.test/notes/1'],
      ['Second note', 'https://example.test/notes/2'],
      ['Third note', 'https://example.test/notes/3'],
    ]);
    expect(result.items[0]).toMatchObject({ published_at: '2024-02-01T10:00:00Z', description: 'Summary one' });
    expect(result.items[1]?.categories).toEqual(['tech']);
    expect(result.items[2]?.image).toBe('https://example.test/3.png');
  });
});
