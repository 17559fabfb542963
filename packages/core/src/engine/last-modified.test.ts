import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine.js';
import { fakeAutoSource, fakeStrategy, feedConfig, htmlResult, LISTING_PAGE } from './test-support/helpers.js';

const diagnostics = { candidates: [], nativeFeeds: [], steps: [{ scraper: 'fake', found: 2 }], scraper: 'fake' };

/** The dates of two auto-source items ("Dec 24" without a year, one undated) under a Last-Modified header. */
async function dates(lastModified: string | undefined): Promise<(string | undefined)[]> {
  const plain = fakeStrategy('plain', () => {
    const result = htmlResult(LISTING_PAGE);
    return lastModified === undefined ? result : { ...result, headers: { ...result.headers, 'last-modified': lastModified } };
  });
  const autoSource = fakeAutoSource(() => ({ items: [{ title: 'Dated', url: '/a', published_at: 'Dec 24' }, { title: 'Undated', url: '/b' }], diagnostics }));
  const result = await createEngine({ strategies: { plain }, autoSource }).generate(feedConfig({ auto_source: { enabled: true } }), { now: Date.parse('2026-11-26T12:00:00Z') });
  return result.feed.items.map((item) => item.published_at?.toISOString().slice(0, 10));
}

describe('createEngine().generate: HTTP Last-Modified as evidence for the year of year-less dates', () => {
  it('dates "Dec 24" on a page last changed in January 2019 to 2018, and leaves the undated item undated', async () => {
    expect(await dates('Thu, 10 Jan 2019 08:00:00 GMT')).toEqual(['2018-12-24', undefined]);
  });

  it('without the header (or with an unreadable one) reads the year against the current time', async () => {
    const thisYear = new Date().getUTCFullYear();
    const expected = Date.UTC(thisYear, 11, 24) <= Date.now() + 86_400_000 ? thisYear : thisYear - 1;
    expect(await dates(undefined)).toEqual([`${expected}-12-24`, undefined]);
    expect(await dates('not a date')).toEqual([`${expected}-12-24`, undefined]);
  });
});
