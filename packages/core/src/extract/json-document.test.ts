import { render } from 'dom-serializer';
import { describe, expect, it } from 'vitest';
import type { JsonSourceDocument } from '../contracts/document.js';
import { extractItems } from './extract-items.js';
import { elementNameForKey, jsonToDocument } from './json-document.js';

function source(data: unknown): JsonSourceDocument {
  return { kind: 'json', url: 'https://api.example/v1/posts', text: JSON.stringify(data), data };
}

describe('JSON as a DOM tree', () => {
  it.each([
    [{ a: 1 }, '<object><a>1</a></object>'],
    [[1, 'two', null, true], '<array><value>1</value><value>two</value><value></value><value>true</value></array>'],
    [{ posts: [{ Title: 'A' }] }, '<object><posts><array><object><title>A</title></object></array></posts></object>'],
    [{ stats: { total: 2 } }, '<object><stats><object><total>2</total></object></stats></object>'],
    [{ empty: null, html: '<b>x</b>' }, '<object><empty></empty><html>&lt;b&gt;x&lt;/b&gt;</html></object>'],
    ['just text', '<value>just text</value>'],
  ])('%j → %s', (data, markup) => {
    const document = jsonToDocument(data);
    expect(render(document, { xmlMode: false }).replace(/ key="[^"]*"/g, '')).toBe(markup);
  });

  it.each([
    ['TITLE', 'title'],
    ['published at', 'published_at'],
    ['2nd', '_2nd'],
    ['@id', '_id'],
    ['snake_case-and-dash', 'snake_case-and-dash'],
  ])('key %j becomes element %s', (key, name) => {
    expect(elementNameForKey(key)).toBe(name);
  });

  it('extracts items from a top-level array with every extractor', () => {
    const data = [
      { title: 'First', link: '/posts/1', 'published at': 1709633730, body: '<p>Hello\n<em>world</em></p>', tags: ['a', 'b'] },
      { title: 'Second', link: 'https://elsewhere.example/2', 'published at': '2024-03-06', body: null, tags: [] },
    ];
    const { drafts, warnings } = extractItems(
      source(data),
      {
        items: { selector: 'array > object' },
        parts: {
          title: { selector: 'title' },
          url: { selector: 'link', extractor: 'href' },
          published_at: { selector: '[key="published at"]' },
          content: { selector: 'body', extractor: 'html' },
          tag: { selector: 'tags value:first' },
        },
        categories: ['tag'],
      },
      { baseUrl: 'https://api.example/v1/posts' },
    );
    expect(warnings).toEqual([]);
    expect(drafts).toEqual([
      {
        title: 'First',
        url: 'https://api.example/posts/1',
        published_at: new Date('2024-03-05T10:15:30Z'),
        content: '<p>Hello\n<em>world</em></p>',
        categories: ['a'],
      },
      { title: 'Second', url: 'https://elsewhere.example/2', published_at: new Date('2024-03-06T00:00:00Z') },
    ]);
  });

  it('warns with the causes when the JSON has no such array', () => {
    const { warnings } = extractItems(source({ data: [] }), { items: { selector: 'items > array > object' }, parts: {} }, { baseUrl: 'https://api.example/' });
    expect(warnings[0]?.code).toBe('NoItemsMatched');
  });
});
