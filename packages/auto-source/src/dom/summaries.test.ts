import type { ItemDraft } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { context, page } from '../test-support/helpers.js';
import { createAutoSource } from '../create-auto-source.js';
import { dropSharedSummaries, keptSummary } from './summaries.js';

// Issue 17, sixth session: a summary is the item's text minus its title and date, short or long.

describe('keptSummary', () => {
  it.each(['CA$ 13.39', 'Council Chambers, Room 300', '86 m²', 'by Edward Godfrey', 'A snippet long enough to be one'])('keeps "%s"', (text) => {
    expect(keptSummary(text, ['Video'])).toBe(text);
  });

  it.each([['Read more', []], ['12 comments', []], ['3 March 2020', []], ['|', []], ['Wichtig:', []], ['Video', ['Video']], ['2 Attachments', ['2 Attachments']]] as const)('drops "%s"', (text, links) => {
    expect(keptSummary(text, links)).toBeUndefined();
  });
});

describe('dropSharedSummaries', () => {
  it('drops the text most items share and keeps the items\' own', () => {
    const drafts: ItemDraft[] = [{ description: 'Add to cart' }, { description: 'Add to cart' }, { description: 'Blue wool, hand knitted' }, { description: 'Add to cart' }];
    dropSharedSummaries(drafts);
    expect(drafts.map((draft) => draft.description)).toEqual([undefined, undefined, 'Blue wool, hand knitted', undefined]);
  });

  it('leaves long snippets alone even when they repeat', () => {
    const snippet = 'The opening words of this post, long enough to be a snippet.';
    const drafts: ItemDraft[] = [{ description: snippet }, { description: snippet }, { description: snippet }];
    dropSharedSummaries(drafts);
    expect(drafts.every((draft) => draft.description === snippet)).toBe(true);
  });
});

describe('summaries of a list', () => {
  it('leaves out a title that follows a date, and keeps a price', async () => {
    const names = ['Harbor lantern set', 'Desert rug, large', 'Paper kite kit', 'Iron garden bench', 'Blue quarry vase'];
    const cards = names.map((name, index) => `<li><span class="date">${index + 1} May 2020</span> <a href="/p/${index}">${name}</a> <span class="price">£${index + 5}.99</span></li>`);
    const result = await createAutoSource().extract(page(`<!doctype html><html><body><ul class="products">${cards.join('')}</ul></body></html>`), context());
    expect(result.items.map((item) => item.title)).toEqual(names);
    expect(result.items.map((item) => item.description)).toEqual(names.map((_, index) => `£${index + 5}.99`));
  });
});
