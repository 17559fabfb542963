import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { attribute, findFirst } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { refineTitle } from './item-title.js';

/** Refines the title of the member marked `data-member`, whose primary link is marked `data-link`. */
function refined(html: string): string {
  const document = page(`<!doctype html><html><body>${html}</body></html>`).document;
  const member = findFirst(document, (element) => attribute(element, 'data-member') !== undefined)!;
  const link = findFirst(document, (element) => attribute(element, 'data-link') !== undefined);
  return refineTitle({ member, link, title: link ? textOf(link) : '' });
}

describe('refineTitle: a rating is never a title', () => {
  it('takes the next link to the same review when the first link is its star rating', () => {
    const html = '<div data-member><a data-link href="/review/1"><span>4.0 out of 5 stars</span></a> <a href="/review/1">Sturdy and quiet</a><p>by Sam</p></div>';
    expect(refined(html)).toBe('Sturdy and quiet');
  });

  it('takes the title element of the item over a star rating', () => {
    const html = '<div data-member><a data-link href="/r/2">★★★★☆</a><span class="review-title">Better than expected</span></div>';
    expect(refined(html)).toBe('Better than expected');
  });

  it('reads "Rated 4/5" and "4,5 von 5 Sternen" as ratings', () => {
    expect(refined('<div data-member><a data-link href="/r/3">Rated 4/5</a><h3>Good value</h3></div>')).toBe('Good value');
    expect(refined('<div data-member><a data-link href="/r/4">4,5 von 5 Sternen</a><a href="/r/4">Solide Arbeit</a></div>')).toBe('Solide Arbeit');
  });

  it('keeps a headline that only starts with numbers ("3 of 5 best books")', () => {
    expect(refined('<div data-member><a data-link href="/p/5">3 of 5 best books</a><a href="/p/5">Other</a></div>')).toBe('3 of 5 best books');
  });

  it('keeps the rating when the item has nothing better', () => {
    expect(refined('<div data-member><a data-link href="/r/6">5.0 out of 5 stars</a></div>')).toBe('5.0 out of 5 stars');
  });
});
