import { describe, expect, it } from 'vitest';
import { parseFeedConfig } from '../config/index.js';
import type { FeedError } from '../contracts/errors.js';
import type { FeedItem } from '../contracts/item.js';
import { selectItems } from './filter-items.js';
import { compileFilterPattern } from './pattern.js';
import { selectionFromQuery } from './query.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const daysAgo = (days: number): Date => new Date(NOW.getTime() - days * 86_400_000);

function item(title: string, extra: Partial<FeedItem> = {}): FeedItem {
  return { guid: title, guidIsPermalink: false, title, categories: [], ...extra };
}

const ITEMS: FeedItem[] = [
  item('AI said to change chess', { description: '<p>A <b>machine learning</b> story</p>', published_at: daysAgo(1), categories: ['Tech'] }),
  item('Said the gardener', { description: '<p>Roses and tulips</p>', published_at: daysAgo(40), author: 'Ann Smith' }),
  item('Sponsored: buy now', { url: 'https://example.com/ads/1', published_at: daysAgo(2) }),
  item('Undated note about AI'),
];
const titles = (items: readonly FeedItem[]): string[] => items.map((entry) => entry.title ?? '');

describe('selectItems', () => {
  it('matches words case-insensitively and as whole words only', () => {
    expect(titles(selectItems(ITEMS, { filters: { include: ['ai'] } }, NOW))).toEqual(['AI said to change chess', 'Undated note about AI']);
    expect(titles(selectItems(ITEMS, { filters: { include: ['sai'] } }, NOW))).toEqual([]);
  });

  it('matches phrases across white space and markup in HTML fields', () => {
    expect(titles(selectItems(ITEMS, { filters: { include: ['Machine  Learning'] } }, NOW))).toEqual(['AI said to change chess']);
  });

  it('takes /regex/flags, and exclude wins over include', () => {
    expect(titles(selectItems(ITEMS, { filters: { include: ['/^said|chess$/i'] } }, NOW))).toEqual(['AI said to change chess', 'Said the gardener']);
    expect(titles(selectItems(ITEMS, { filters: { include: ['/^said|chess$/i'], exclude: ['gardener'] } }, NOW))).toEqual(['AI said to change chess']);
    expect(titles(selectItems(ITEMS, { filters: { exclude: ['/^sponsored:/i'] } }, NOW))).toHaveLength(3);
  });

  it('searches only the fields named', () => {
    expect(titles(selectItems(ITEMS, { filters: { include: ['ads'], fields: ['url'] } }, NOW))).toEqual(['Sponsored: buy now']);
    expect(titles(selectItems(ITEMS, { filters: { include: ['ads'] } }, NOW))).toEqual([]);
    expect(titles(selectItems(ITEMS, { filters: { include: ['smith'], fields: ['author'] } }, NOW))).toEqual(['Said the gardener']);
    expect(titles(selectItems(ITEMS, { filters: { include: ['tech'], fields: ['categories'] } }, NOW))).toEqual(['AI said to change chess']);
  });

  it('drops items older than max_age, keeps undated ones, and stops at limit', () => {
    expect(titles(selectItems(ITEMS, { maxAgeSeconds: 30 * 86_400 }, NOW))).toEqual(['AI said to change chess', 'Sponsored: buy now', 'Undated note about AI']);
    expect(titles(selectItems(ITEMS, { limit: 2 }, NOW))).toEqual(['AI said to change chess', 'Said the gardener']);
    expect(titles(selectItems(ITEMS, { limit: 1, filters: { exclude: ['chess'] } }, NOW))).toEqual(['Said the gardener']);
  });

  it('answers a catastrophic-backtracking pattern on a long text correctly (RE2 never backtracks)', () => {
    // /(a+)+$/ against "aaaa…!" takes exponential time in a backtracking engine: 2^40 steps here.
    const long = item('a'.repeat(40) + '!');
    const kept = selectItems([long, item('aaaa')], { filters: { include: ['/(a+)+$/'] } }, NOW);
    expect(titles(kept)).toEqual(['aaaa']);
    const pattern = compileFilterPattern('/(x+x+)+y/');
    expect(pattern.test('x'.repeat(5000))).toBe(false);
  });
});

describe('filters in feeds.yml', () => {
  const base = { channel: { url: 'https://example.com/' }, auto_source: true };

  it('parses filters, limit and max_age, a single entry as a list', () => {
    const config = parseFeedConfig({ ...base, filters: { include: 'ai', exclude: ['/spam/i'], fields: ['title', 'url'] }, limit: 5, max_age: '30d' });
    expect(config.filters).toEqual({ include: ['ai'], exclude: ['/spam/i'], fields: ['title', 'url'] });
    expect(config.limit).toBe(5);
    expect(config.max_age).toBe(30 * 86_400);
  });

  it.each([
    [{ filters: { include: ['/(unclosed/'] } }, 'filters.include', 'not a valid regular expression'],
    [{ filters: { exclude: ['/(a)\\1/'] } }, 'filters.exclude', 'backreferences and lookaround are not supported'],
    [{ filters: { include: ['/x/g'] } }, 'filters.include', "has the flag 'g'"],
    [{ filters: { fields: ['body'] } }, 'filters.fields', 'filter field "body"'],
    [{ max_age: '30 days' }, 'max_age', 'not a duration'],
    [{ limit: 0 }, 'limit', 'at least 1'],
    [{ full_text: { max_items: 0 } }, 'full_text', 'at least 1'],
  ])('rejects %j at %s', (extra, path, message) => {
    let error: FeedError | undefined;
    try {
      parseFeedConfig({ ...base, ...extra });
    } catch (caught) {
      error = caught as FeedError;
    }
    expect(error?.code).toBe('ConfigurationInvalid');
    expect(error?.message).toContain(path);
    expect(error?.message).toContain(message);
  });

  it('reads full_text as true or a mapping with defaults', () => {
    expect(parseFeedConfig({ ...base, full_text: true }).full_text).toEqual({ max_items: 10 });
    expect(parseFeedConfig({ ...base, full_text: { selector: '.body', strategy: 'renderer' } }).full_text).toEqual({ selector: '.body', strategy: 'renderer', max_items: 10 });
    expect(parseFeedConfig({ ...base, full_text: false }).full_text).toBeUndefined();
  });
});

describe('selectionFromQuery', () => {
  it('reads repeated include/exclude, fields, limit and max_age', () => {
    const selection = selectionFromQuery(new URLSearchParams('include=ai&include=/chess/i&exclude=spam&fields=title,summary&limit=3&max_age=2w'));
    expect(selection).toEqual({ filters: { include: ['ai', '/chess/i'], exclude: ['spam'], fields: ['title', 'summary'] }, limit: 3, maxAgeSeconds: 14 * 86_400 });
    expect(selectionFromQuery(new URLSearchParams('other=1'))).toBeUndefined();
  });

  it.each([
    ['include=/(/', 'include'],
    ['exclude=/a/q', 'exclude'],
    ['limit=ten', 'limit'],
    ['limit=0', 'limit'],
    ['max_age=forever', 'max_age'],
    ['fields=body', 'fields'],
  ])('rejects %s with ParameterInvalid naming %s', (query, parameter) => {
    let error: FeedError | undefined;
    try {
      selectionFromQuery(new URLSearchParams(query));
    } catch (caught) {
      error = caught as FeedError;
    }
    expect(error?.code).toBe('ParameterInvalid');
    expect(error?.message).toContain(`Query parameter '${parameter}'`);
    expect(error?.details).toEqual({ parameter });
  });
});
