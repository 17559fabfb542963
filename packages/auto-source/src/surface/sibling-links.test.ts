import { FeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { addressKind, siblingBlockReason, siblingLinks } from './sibling-links.js';

const STORY = 'https://news.example.test/world/harbour-reopens-after-the-storm-passes_1423989.html';
const stories = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => ({
  url: `https://news.example.test/world/another-story-about-the-region-number-${n}_1380${500 + n}.html`,
  title: `Another story about the region, number ${n}`,
}));
const sections = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => ({ url: `https://news.example.test/section-${n}/`, title: `Section ${n}` }));

/** A page with a declared type, a short body text and a block of story links (each row a short link). */
function storyPage({ type = 'article', links = stories, url = STORY } = {}): { html: string; url: string } {
  const rows = links.map((link) => `<li class="row"><a href="${link.url}">${link.title}</a> <span>${link.title.length} min</span></li>`).join('');
  return {
    url,
    html: `<html><head><title>Harbour reopens</title>${type ? `<meta property="og:type" content="${type}">` : ''}</head>
<body><h1>Harbour reopens after the storm</h1><div class="text">The harbour reopened on Monday.<br>Ships queued outside.</div>
<div class="latest"><ul>${rows}</ul></div></body></html>`,
  };
}

const outcome = async ({ html, url }: { html: string; url: string }) => {
  try {
    // The page's declaration of one product is read by the gate first (surface/declared-item.ts):
    // off here, so that this rule is tested alone.
    return `${(await createAutoSource({ siblingGate: true, declaredItems: false }).extract(page(html, url), context())).items.length} items`;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    // This rule's refusals name the address kind; the gate's other rules give other reasons.
    return /own address kind/.test(error.message) ? 'sibling block' : error.class;
  }
};

describe('the kind of an address', () => {
  it('generalises numbers and long slugs, keeps words and directories, and reads only the page\'s query names', () => {
    expect(addressKind(STORY, [])).toBe(addressKind(stories[0]!.url, []));
    expect(addressKind('https://example.test/ask/5163110/how-does-it-feel-today', [])).toBe(addressKind('https://example.test/ask/4787214/is-it-fine-to-try-this', []));
    expect(addressKind('https://www.example.test/watch?v=abc', ['v'])).toBe(addressKind('https://www.example.test/watch?v=xyz&feature=related', ['v']));
    // A section and a story in it, a list address and its items, differ in kind.
    expect(addressKind('https://example.test/world/', [])).not.toBe(addressKind(STORY, []));
    expect(addressKind('https://example.test/news/kinh-te.htm', [])).not.toBe(addressKind('https://example.test/news/gia-vang-hom-nay-tang-manh-196240101.htm', []));
    expect(addressKind('https://example.test/forum?board=1', ['board'])).not.toBe(addressKind('https://example.test/forum?thread=5', ['board']));
    expect(addressKind('https://example.test/', [])).toBeUndefined();
    expect(addressKind('not a url', [])).toBeUndefined();
  });

  it('counts the links to the page\'s own kind, not to the page itself', () => {
    expect(siblingLinks(STORY, stories)).toEqual({ share: 1, distinct: 12 });
    expect(siblingLinks(STORY, [...stories.slice(0, 2), ...sections.slice(0, 2)])).toEqual({ share: 0.5, distinct: 2 });
    expect(siblingLinks(STORY, stories.map((story) => ({ ...story, url: `${STORY}#${story.title.length}` })))).toEqual({ share: 0, distinct: 0 });
    expect(siblingLinks(STORY, [{ title: 'no link' }])).toEqual({ share: 0, distinct: 0 });
  });
});

describe('an item page whose list links to its siblings', () => {
  it('is off by default: the page stays a list unless siblingGate is true', async () => {
    const { html, url } = storyPage();
    expect((await createAutoSource().extract(page(html, url), context())).items.length).toBe(12);
  });

  it('is a single item when it declares one (og:type article, video, product)', async () => {
    expect(await outcome(storyPage())).toBe('sibling block');
    expect(await outcome(storyPage({ type: 'video' }))).toBe('sibling block');
    expect(await outcome(storyPage({ type: 'product' }))).toBe('sibling block');
  });

  it('stays a list without the declaration, with a collection type, or when the links lead elsewhere', async () => {
    expect(await outcome(storyPage({ type: '' }))).toBe('12 items');
    expect(await outcome(storyPage({ type: 'website' }))).toBe('12 items');
    // (The gate's other inputs may still refuse these pages; this rule does not.)
    expect(await outcome(storyPage({ links: sections }))).not.toBe('sibling block');
    // A section page declaring og:type=article (some CMSs put it on every page) lists stories of another kind.
    expect(await outcome(storyPage({ url: 'https://news.example.test/world/' }))).not.toBe('sibling block');
  });

  it('needs three distinct sibling links and most of the list', () => {
    const { html, url } = storyPage();
    const document = page(html, url).document;
    const declared = () => false;
    expect(siblingBlockReason(document, url, [...stories.slice(0, 2), ...stories.slice(0, 2), stories[0]!], declared)).toBeUndefined();
    expect(siblingBlockReason(document, url, stories.slice(0, 3), declared)).toMatch(/own address kind/);
    expect(siblingBlockReason(document, url, [...stories.slice(0, 3), ...sections.slice(0, 3)], declared)).toBeUndefined();
    // A single JSON-LD article entity declares the page as og:type does.
    const bare = storyPage({ type: '' });
    expect(siblingBlockReason(page(bare.html, bare.url).document, bare.url, stories, () => true)).toMatch(/own address kind/);
    expect(siblingBlockReason(page(bare.html, bare.url).document, bare.url, stories, declared)).toBeUndefined();
  });
});
