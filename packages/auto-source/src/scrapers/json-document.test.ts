import { describe, expect, it } from 'vitest';
import type { JsonSourceDocument } from '@pagefeed/core';
import { context } from '../test-support/helpers.js';
import { jsonDocument } from './json-document.js';

function json(data: unknown): JsonSourceDocument {
  return { kind: 'json', url: 'https://api.example.test/v1/list', text: JSON.stringify(data), data };
}

describe('json document scraper', () => {
  it('returns the objects of sibling arrays with the same shape, titles from upper-case keys', async () => {
    const data = { new: [{ ID: 1, TITLE: 'ONE', DATE: 'x' }], recent: [{ ID: 2, TITLE: 'TWO', DATE: 'y' }, { ID: 3, TITLE: 'THREE', DATE: 'z' }], meta: { total: 3 } };
    const result = await jsonDocument.scrape(json(data), context());
    expect(result.items.map((item) => item.title)).toEqual(['ONE', 'TWO', 'THREE']);
  });

  it('resolves URL-like keys against the document URL and reads nested arrays', async () => {
    const data = { data: { posts: [{ name: 'A post', permalink: '/p/a', tags: [{ name: 't' }] }, { name: 'B post', permalink: '/p/b', tags: [] }] } };
    const result = await jsonDocument.scrape(json(data), context());
    expect(result.items).toEqual([
      { title: 'A post', url: 'https://api.example.test/p/a' },
      { title: 'B post', url: 'https://api.example.test/p/b' },
    ]);
  });

  it('finds nothing in JSON without titled objects', async () => {
    expect((await jsonDocument.scrape(json({ ok: true, values: [1, 2, 3] }), context())).items).toEqual([]);
  });
});
