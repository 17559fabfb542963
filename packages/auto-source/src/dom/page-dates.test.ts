import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { completeYearsFromPage, copyrightDate, pageReferenceDate } from './page-dates.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const root = (head: string, body = '') => page(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`).document;
const iso = (date: Date | undefined) => date?.toISOString().slice(0, 10);

describe("pageReferenceDate: the page's own date", () => {
  it.each([
    ['article:published_time', '<meta property="article:published_time" content="2015-01-10T08:00:00Z">', '2015-01-10'],
    ['og:updated_time', '<meta property="og:updated_time" content="2014-06-02T10:00:00+02:00">', '2014-06-02'],
    ['http-equiv last-modified', '<meta http-equiv="last-modified" content="Tue, 03 Jun 2014 10:00:00 GMT">', '2014-06-03'],
    ['JSON-LD dateModified', '<script type="application/ld+json">{"@type":"WebPage","datePublished":"2013-02-01","dateModified":"2013-03-04T00:00:00Z"}</script>', '2013-03-04'],
  ])('reads %s', (_name, head, expected) => {
    expect(iso(pageReferenceDate(root(head), NOW))).toBe(expected);
  });

  it('takes the latest of several page dates', () => {
    const head = '<meta property="article:published_time" content="2012-05-01"><meta property="article:modified_time" content="2012-09-09">';
    expect(iso(pageReferenceDate(root(head), NOW))).toBe('2012-09-09');
  });

  it("copyrightDate reads the footer's year alone, not the page's stated dates", () => {
    const stated = '<meta property="article:published_time" content="2015-01-10T08:00:00Z">';
    expect(iso(copyrightDate(root(stated, '<footer>© 2012 Example</footer>'), NOW))).toBe('2012-12-31');
    expect(iso(pageReferenceDate(root(stated, '<footer>© 2012 Example</footer>'), NOW))).toBe('2015-01-10');
    expect(copyrightDate(root(stated), NOW)).toBeUndefined();
  });

  it("falls back to the end of the footer's copyright year (the last of a range)", () => {
    expect(iso(pageReferenceDate(root('', '<main>Jan 3</main><footer>Copyright © 2009–2014 Example Ltd</footer>'), NOW))).toBe('2014-12-31');
  });

  it('believes no page date in the future and says nothing without one', () => {
    expect(pageReferenceDate(root('<meta property="article:published_time" content="2031-01-01">'), NOW)).toBeUndefined();
    expect(pageReferenceDate(root('', '<p>© 2014 in a paragraph that is not a footer</p>'), NOW)).toBeUndefined();
  });
});

describe("completeYearsFromPage: a year for dates no item writes one for, from the page's date", () => {
  it('gives each year-less date the latest such day not after the page date', () => {
    const drafts = [{ published_at: '8 Jan' }, { published_at: 'Dec 23' }, {}];
    completeYearsFromPage(drafts, new Date('2015-01-10T00:00:00Z'));
    // "Dec 23" would lie after the page's own date in 2015: it is read as last year's.
    expect(drafts.map((draft) => draft.published_at)).toEqual(['8 Jan 2015', 'Dec 23 2014', undefined]);
  });

  it('leaves dates with a year, timestamps and relative dates alone', () => {
    const values = ['3 March 2019', '1488225719', '3 days ago', 'vor 2 Stunden', '3 天前'];
    const drafts = values.map((value) => ({ published_at: value }));
    completeYearsFromPage(drafts, new Date('2015-01-10T00:00:00Z'));
    expect(drafts.map((draft) => draft.published_at)).toEqual(values);
  });

  it('leaves year-less dates alone without a page date (never the year of the build blindly)', () => {
    const drafts = [{ published_at: '8 Jan' }];
    completeYearsFromPage(drafts, undefined);
    expect(drafts[0]!.published_at).toBe('8 Jan');
  });
});

describe('the dom scraper completes year-less dates from the page date', () => {
  it('dates a list that shows "23 Dec" on a page published 10 January 2015 in 2014', async () => {
    const { domHeuristics } = await import('../scrapers/dom-heuristics.js');
    const entries = ['8 Jan', '2 Jan', '23 Dec', '20 Dec', '18 Dec']
      .map((day, index) => `<li><h3><a href="/posts/${index + 1}">Post number ${index + 1} about things</a></h3><span class="when">${day}</span><p>A short summary of post ${index + 1} that says a little.</p></li>`)
      .join('');
    const html = `<!doctype html><html><head><meta property="article:modified_time" content="2015-01-10T09:00:00Z"></head><body><ul>${entries}</ul></body></html>`;
    const document = page(html);
    const result = await domHeuristics.scrape({ kind: 'html', url: 'https://example.com/', html, document: document.document }, { config: {} as never });
    expect(result.items.map((item) => item.published_at)).toEqual(['8 Jan 2015', '2 Jan 2015', '23 Dec 2014', '20 Dec 2014', '18 Dec 2014']);
  });
});
