import { describe, expect, it } from 'vitest';
import type { SelectorsConfig } from '../contracts/config.js';
import { parseHtmlSource } from '../dom/parse.js';
import { extractItems } from './extract-items.js';

/**
 * Parts with the same selector string search each item once (`ItemScope.lastSearch`). The drafts
 * must be those of the same parts written with selectors that differ only in spacing (compiled
 * apart, so searched apart), whichever part is resolved first, and whatever the matches nest.
 */
const page = parseHtmlSource(
  `<div class="item"><span class="t">Outer <a href="/one">one</a><span class="t">inner</span></span><span class="t"><a href="/two">two</a></span></div>
   <div class="item"><span class="t">no link</span><p class="t"><b>bold</b></p></div>
   <div class="item"><p>nothing matches</p></div>
   <div class="item"><span class="t"><a href="/three">three</a></span><time datetime="2024-05-01">May</time></div>`,
  'https://example.com/list/',
);
const options = { baseUrl: page.url, now: new Date('2024-06-15T12:00:00Z') };

function selectors(titleSelector: string, urlSelector: string, descriptionSelector: string): SelectorsConfig {
  return {
    items: { selector: 'div.item' },
    parts: {
      title: { selector: titleSelector },
      url: { selector: urlSelector, extractor: 'href' },
      description: { selector: descriptionSelector, extractor: 'html', post_process: [{ name: 'sanitize_html', options: {} }] },
      author: { selector: descriptionSelector, extractor: 'text' },
    },
  };
}

describe('parts sharing a selector', () => {
  it.each([
    ['one selector for every part', selectors('.t', '.t', '.t')],
    ['title and url share one, description and author another', selectors('.t, time', '.t, time', 'span.t')],
    ['url and description share one', selectors('.t', 'span.t', 'span.t')],
  ])('give the drafts of separately searched selectors: %s', (_, shared) => {
    const spaced = (selector: string) => ` ${selector} `;
    const parts = shared.parts as Record<string, { selector: string }>;
    const apart = selectors(spaced(parts['title']!.selector), `${spaced(parts['url']!.selector)} `, `  ${parts['description']!.selector}`);
    // The author part keeps a fourth spelling, so no two parts of `apart` share a string.
    (apart.parts as Record<string, { selector: string }>)['author']!.selector = `${parts['author']!.selector}   `;
    const together = extractItems(page, shared, options);
    const separately = extractItems(page, apart, options);
    expect(together.drafts.length).toBe(3);
    expect(together.drafts).toEqual(separately.drafts);
    expect(together.warnings.map((warning) => warning.code)).toEqual(separately.warnings.map((warning) => warning.code));
  });

  it('reads the first match for href, the outermost matches for text', () => {
    const { drafts } = extractItems(page, selectors('.t', '.t', '.t'), options);
    expect(drafts[0]).toMatchObject({ title: 'Outer oneinner two', url: 'https://example.com/one' });
    expect(drafts[1]).toMatchObject({ title: 'no link bold' });
    expect(drafts[1]!.url).toBeUndefined();
  });
});
