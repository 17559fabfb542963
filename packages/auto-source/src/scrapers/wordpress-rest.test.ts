import { describe, expect, it, vi } from 'vitest';
import type { FetchResult } from '@pagefeed/core';
import { context, fixture, page } from '../test-support/helpers.js';
import { wordpressRest } from './wordpress-rest.js';

const posts = [
  { title: { rendered: 'WP one' }, link: 'https://example.test/2024/wp-one/', date_gmt: '2024-01-02T03:04:05', excerpt: { rendered: '<p>One</p>' } },
  { title: { rendered: 'WP two' }, link: 'https://example.test/2024/wp-two/', date_gmt: '2024-01-01T00:00:00' },
];

function fetcher(body: unknown, status = 200) {
  return vi.fn(async (url: string): Promise<FetchResult> => ({ url, status, headers: {}, body: JSON.stringify(body), contentType: 'application/json' }));
}

describe('wordpress-rest scraper', () => {
  it('asks the advertised same-origin API through context.fetch', async () => {
    const fetch = fetcher(posts);
    const result = await wordpressRest.scrape(fixture('wordpress.html', 'https://example.test/'), context({ fetch }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toMatch(/^https:\/\/example\.test\/wp-json\/wp\/v2\/posts\?/);
    expect(result.items).toEqual([
      { title: 'WP one', url: 'https://example.test/2024/wp-one/', description: '<p>One</p>', published_at: '2024-01-02T03:04:05Z' },
      { title: 'WP two', url: 'https://example.test/2024/wp-two/', published_at: '2024-01-01T00:00:00Z' },
    ]);
  });

  it('never fetches without the api.w.org link, across origins, or without a fetch function', async () => {
    const fetch = fetcher(posts);
    await wordpressRest.scrape(page('<html><body>plain</body></html>', 'https://example.test/'), context({ fetch }));
    await wordpressRest.scrape(fixture('wordpress.html', 'https://other.test/'), context({ fetch }));
    expect(fetch).not.toHaveBeenCalled();
    expect((await wordpressRest.scrape(fixture('wordpress.html', 'https://example.test/'), context())).items).toEqual([]);
  });

  it('returns nothing on an error status or a non-array body', async () => {
    expect((await wordpressRest.scrape(fixture('wordpress.html', 'https://example.test/'), context({ fetch: fetcher({ code: 'rest_no_route' }, 404) }))).items).toEqual([]);
    expect((await wordpressRest.scrape(fixture('wordpress.html', 'https://example.test/'), context({ fetch: fetcher({ not: 'a list' }) }))).items).toEqual([]);
  });
});
