import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { attribute, findFirst } from '../util/dom.js';
import { createPageUrls } from '../util/url.js';
import { inventory } from './inventory.js';
import { fallbackItemUrl } from './item-link.js';

const PAGE = 'https://example.test/changelog';

function linkOf(html: string): string {
  const document = page(`<!doctype html><html><body>${html}</body></html>`, PAGE).document;
  const member = findFirst(document, (element) => attribute(element, 'data-member') !== undefined) as Element;
  const urls = createPageUrls(PAGE);
  return fallbackItemUrl(member, inventory(member, urls).links, urls);
}

describe('fallbackItemUrl: a link for an item without one of its own', () => {
  it.each([
    ['a permalink mark at the end', '<div data-member><p>Text of the post.</p><a href="/posts/7">#</a></div>', 'https://example.test/posts/7'],
    ['a rel=bookmark link', '<div data-member><p>Text</p><a rel="bookmark" href="/posts/8">8 comments</a></div>', 'https://example.test/posts/8'],
    ['a date link', '<div data-member><p>Text</p><a href="/2024/03/05/note">March 5, 2024</a></div>', 'https://example.test/2024/03/05/note'],
    ['a read-more link', '<div data-member><p>Text</p><a href="/posts/9">Read more</a></div>', 'https://example.test/posts/9'],
    ['the id of the item', '<section id="v5-3-0" data-member><h2>v5.3.0</h2></section>', 'https://example.test/changelog#v5-3-0'],
    ['the id of the item heading', '<h2 id="v5.2.0" data-member>v5.2.0</h2>', 'https://example.test/changelog#v5.2.0'],
    ['a named anchor in the heading', '<div data-member><h3><a name="release-2"></a>Release 2</h3></div>', 'https://example.test/changelog#release-2'],
    ['nothing: the page itself', '<div data-member><h3>Release 1</h3><p>Text</p></div>', 'https://example.test/changelog'],
  ])('takes %s', (_name, html, expected) => {
    expect(linkOf(html)).toBe(expected);
  });

  it('does not take an ordinary link in the text', () => {
    expect(linkOf('<div data-member><p>See <a href="https://other.test/docs">the docs</a> for more.</p></div>')).toBe(PAGE);
  });
});
