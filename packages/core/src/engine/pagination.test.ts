import { describe, expect, it } from 'vitest';
import { FeedError } from '../contracts/errors.js';
import { createEngine } from './create-engine.js';
import { fakeStrategy, feedConfig, htmlResult } from './test-support/helpers.js';

/** Page n lists two items and links page n+1; page 4 links back to page 1 (a loop). */
function page(number: number): string {
  const items = [1, 2].map((index) => `<li><a href="/post-${number}-${index}">Post ${number}.${index}</a></li>`).join('');
  const next = number < 4 ? `<a class="next" href="/list?page=${number + 1}#top">Older</a>` : '<a class="next" href="/list?page=1">Newest</a>';
  return `<html><body><ul>${items}</ul>${next}</body></html>`;
}

const pages = fakeStrategy('plain', (request) => {
  const number = Number(new URL(request.url).searchParams.get('page') ?? '1');
  if (number === 99) throw new FeedError('UpstreamHttpError', 'The source answered HTTP 500');
  return htmlResult(page(number), request.url);
});

const selectors = (pagination: { selector: string; max_pages?: number }) => ({
  items: { selector: 'li', pagination },
  parts: { title: { selector: 'a' }, url: { selector: 'a', extractor: 'href' as const } },
});

describe('items.pagination', () => {
  it('follows next links up to max_pages, through the same strategy', async () => {
    pages.calls.length = 0;
    const engine = createEngine({ strategies: { plain: pages } });
    const config = feedConfig({ channel: { url: 'https://example.com/list?page=1' }, selectors: selectors({ selector: 'a.next', max_pages: 3 }) });
    const result = await engine.generate(config);
    expect(result.feed.items.map((item) => item.title)).toEqual(['Post 1.1', 'Post 1.2', 'Post 2.1', 'Post 2.2', 'Post 3.1', 'Post 3.2']);
    expect(pages.calls.map((call) => call.request.url)).toEqual([
      'https://example.com/list?page=1',
      'https://example.com/list?page=2',
      'https://example.com/list?page=3',
    ]);
    expect(result.diagnostics.itemCounts.selectors).toBe(6);
  });

  it('stops at a page it has already read (a loop) before max_pages', async () => {
    pages.calls.length = 0;
    const engine = createEngine({ strategies: { plain: pages } });
    const config = feedConfig({ channel: { url: 'https://example.com/list?page=1' }, selectors: selectors({ selector: 'a.next', max_pages: 10 }) });
    const result = await engine.generate(config);
    expect(result.feed.items).toHaveLength(8);
    expect(pages.calls).toHaveLength(4);
  });

  it('keeps the items gathered so far when a later page fails, with a warning', async () => {
    const failing = fakeStrategy('plain', (request) => {
      if (request.url.includes('page=2')) throw new FeedError('UpstreamHttpError', 'The source answered HTTP 500');
      return htmlResult(page(1), request.url);
    });
    const engine = createEngine({ strategies: { plain: failing } });
    const config = feedConfig({ channel: { url: 'https://example.com/list?page=1' }, selectors: selectors({ selector: 'a.next' }) });
    const result = await engine.generate(config);
    expect(result.feed.items).toHaveLength(2);
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'PaginationStopped', path: 'selectors.items.pagination', message: expect.stringContaining('page 2') }));
  });

  it('reads only the given page for options.source, and says so', async () => {
    pages.calls.length = 0;
    const engine = createEngine({ strategies: { plain: pages } });
    const config = feedConfig({ channel: { url: 'https://example.com/list?page=1' }, selectors: selectors({ selector: 'a.next' }) });
    const result = await engine.generate(config, { source: htmlResult(page(1), 'https://example.com/list?page=1') });
    expect(result.feed.items).toHaveLength(2);
    expect(pages.calls).toHaveLength(0);
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'PaginationNotFollowed' }));
  });
});
