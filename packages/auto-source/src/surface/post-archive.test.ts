import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../test-support/helpers.js';
import { NO_PAGE_FACTS } from './article-page.js';
import { FEWEST_POST_ROWS, isFullPostList } from './post-archive.js';

const outcome = outcomeOf;

const sentence = 'This note says a little more about the linked page and why it was worth reading today. ';
// A link blog's month: full posts in sibling rows, each with its own link, the longest text inside one
// of them; the page declares og:type article, as many CMSs do on every page.
const post = (n: number, paragraphs: number) => `<div class="entry"><h2><a href="https://elsewhere${n}.test/page-${n}">Linked page number ${n}</a></h2>
<div class="note">${Array.from({ length: paragraphs }, () => `<p>${sentence.repeat(3)}</p>`).join('')}</div><span class="meta"><a href="/links/${1000 + n}">#${1000 + n}</a></span></div>`;
const LINK_BLOG = `<html><head><meta property="og:type" content="article"><title>Links</title></head><body>
<main>${[1, 2, 3, 4, 5].map((n) => post(n, n === 2 ? 9 : 2)).join('')}</main></body></html>`;

// One article: a long body, and a related-links block of the same size beside it.
const related = [1, 2, 3, 4, 5].map((n) => `<li><a href="/2024/05/0${n}/another-story-about-something-else-${n}">Another story about something else ${n}</a></li>`).join('');
const ARTICLE = `<html><head><meta property="og:type" content="article"><title>A story</title></head><body>
<main><h1>A story about one thing</h1><div class="body">${Array.from({ length: 8 }, () => `<p>${sentence.repeat(4)}</p>`).join('')}</div>
<section><h2>Related</h2><ul>${related}</ul></section></main></body></html>`;

describe('lists of full posts (ninth session)', () => {
  it('needs the main text inside one of at least three repeated link rows', () => {
    const rows = (count: number) => Math.log10(1 + count);
    expect(isFullPostList({ ...NO_PAGE_FACTS, mainInRow: 1, rowCount: rows(FEWEST_POST_ROWS) })).toBe(true);
    expect(isFullPostList({ ...NO_PAGE_FACTS, mainInRow: 1, rowCount: rows(2) })).toBe(false);
    expect(isFullPostList({ ...NO_PAGE_FACTS, mainInRow: 0, rowCount: rows(40) })).toBe(false);
  });

  it('keeps a declared-article page whose main text sits in one of its post rows', async () => {
    const url = 'https://example.test/links/2018/02/';
    expect(await outcome(LINK_BLOG, url, { fullPostLists: false })).toBe('unsupported_surface');
    expect(await outcome(LINK_BLOG, url, { fullPostLists: true })).toBe('5 items');
  });

  it('is off by default (held out, it kept a comment thread and moved no list)', async () => {
    expect(await outcome(LINK_BLOG, 'https://example.test/links/2018/02/')).toBe('unsupported_surface');
  });

  it('still refuses an article whose body stands apart from its related links', async () => {
    expect(await outcome(ARTICLE, 'https://example.test/2024/05/10/a-story-about-one-thing', { fullPostLists: true })).toBe('unsupported_surface');
  });
});
