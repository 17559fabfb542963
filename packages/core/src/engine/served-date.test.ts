import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine.js';
import { fakeAutoSource, fakeStrategy, feedConfig, htmlResult, LISTING_PAGE } from './test-support/helpers.js';

const diagnostics = { candidates: [], nativeFeeds: [], steps: [{ scraper: 'fake', found: 4 }], scraper: 'fake' };
const NOW = Date.parse('2026-11-26T12:00:00Z');

/** The days of four auto-source items under the given response headers. */
async function days(headers: Record<string, string>): Promise<(string | undefined)[]> {
  const plain = fakeStrategy('plain', () => {
    const result = htmlResult(LISTING_PAGE);
    return { ...result, headers: { ...result.headers, ...headers } };
  });
  const items = [
    { title: 'Relative', url: '/a', published_at: '3 days ago' },
    { title: 'Yesterday', url: '/b', published_at: 'yesterday' },
    { title: 'Year-less', url: '/c', published_at: 'Dec 24' },
    { title: 'Undated', url: '/d' },
  ];
  const autoSource = fakeAutoSource(() => ({ items, diagnostics }));
  const result = await createEngine({ strategies: { plain }, autoSource }).generate(feedConfig({ auto_source: { enabled: true } }), { now: NOW });
  return result.feed.items.map((item) => item.published_at?.toISOString().slice(0, 10));
}

describe('createEngine().generate: the response\'s Date header as the reference of relative dates', () => {
  it('reads "3 days ago" and "yesterday" from a response served on 7 August 2015, and "Dec 24" as 2014', async () => {
    expect(await days({ date: 'Fri, 07 Aug 2015 12:00:00 GMT' })).toEqual(['2015-08-04', '2015-08-06', '2014-12-24', undefined]);
  });

  it('keeps Last-Modified as the year reference and Date as the relative one', async () => {
    expect(await days({ date: 'Fri, 07 Aug 2015 12:00:00 GMT', 'last-modified': 'Thu, 10 Jan 2019 08:00:00 GMT' })).toEqual(['2015-08-04', '2015-08-06', '2018-12-24', undefined]);
  });

  it('ignores a Date header after the build time, before 1990 or unreadable (the current time stands)', async () => {
    const today = new Date();
    const ago = (count: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - count)).toISOString().slice(0, 10);
    for (const date of ['Mon, 01 Jan 2035 00:00:00 GMT', 'Thu, 01 Jan 1970 00:00:00 GMT', 'not a date']) {
      const [relative, yesterday] = await days({ date });
      expect([relative, yesterday]).toEqual([ago(3), ago(1)]);
    }
  });
});
