import { describe, expect, it } from 'vitest';
import { context, page } from '../test-support/helpers.js';
import { jsonLd } from '../scrapers/json-ld.js';
import { datesFromJsonLd } from '../dom/json-ld-dates.js';
import { isSharedDate } from './shared-dates.js';

/** An ItemList of tours whose JSON-LD gives each entry a start date the cards do not show. */
function tourList(starts: readonly string[]): string {
  const elements = starts.map((startDate, index) => ({ '@type': 'ListItem', position: index + 1, item: { '@type': 'Event', name: `Walking tour ${index + 1}`, url: `https://example.test/tours/${index + 1}`, startDate } }));
  const cards = starts.map((_, index) => `<li><a href="/tours/${index + 1}">Walking tour ${index + 1}</a> <span>From 40 EUR</span></li>`).join('');
  return `<script type="application/ld+json">${JSON.stringify({ '@type': 'ItemList', itemListElement: elements })}</script><ul>${cards}</ul>`;
}

describe('a structured-data date every item shares (issue 17, thirteenth session)', () => {
  it('is no item date in the JSON-LD list', async () => {
    const result = await jsonLd.scrape(page(tourList(['2026-01-01', '2026-01-01', '2026-01-01', '2026-01-01'])), context());
    expect(result.items).toHaveLength(4);
    expect(result.items.map((item) => item.published_at)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('keeps the dates of a list whose entries differ, and of a list of two', async () => {
    const differing = await jsonLd.scrape(page(tourList(['2026-01-01', '2026-01-01', '2026-01-03'])), context());
    expect(differing.items.map((item) => item.published_at)).toEqual(['2026-01-01', '2026-01-01', '2026-01-03']);
    const two = await jsonLd.scrape(page(tourList(['2026-01-01', '2026-01-01'])), context());
    expect(two.items.map((item) => item.published_at)).toEqual(['2026-01-01', '2026-01-01']);
  });

  it('dates no DOM item from a shared JSON-LD date, but does from distinct ones', () => {
    const shared = page(tourList(['2026-01-01', '2026-01-01', '2026-01-01']));
    const drafts = [1, 2, 3].map((index) => ({ url: `https://example.test/tours/${index}`, published_at: undefined as string | undefined }));
    datesFromJsonLd(shared.document, shared.url, drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual([undefined, undefined, undefined]);
    const distinct = page(tourList(['2026-01-01', '2026-01-02', '2026-01-03']));
    datesFromJsonLd(distinct.document, distinct.url, drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
  });

  it('needs three equal values', () => {
    expect(isSharedDate(['2024-05-01', ' 2024-05-01', '2024-05-01 '])).toBe(true);
    expect(isSharedDate(['2024-05-01', '2024-05-01'])).toBe(false);
    expect(isSharedDate(['2024-05-01T10:00', '2024-05-01T11:00', '2024-05-01T10:00'])).toBe(false);
  });
});
