import { describe, expect, it } from 'vitest';
import { namesCarousel, namesChrome } from '../dom/class-names.js';
import { refinementTest } from '../util/page-refinements.js';
import { context, page } from '../test-support/helpers.js';
import { domHeuristics } from './dom-heuristics.js';

// Signals added for pages the extractor was not developed on (issue #16, third session). Every page
// here is written for the test.

const urlsOf = async (html: string, url: string): Promise<(string | undefined)[]> => {
  const result = await domHeuristics.scrape(page(html, url), context());
  return result.items.map((item) => item.url);
};

describe('chrome names written in camelCase', () => {
  it('reads topNav, TopNavDD1, mainMenu and FooterLinks as chrome, and leaves plain words alone', () => {
    for (const value of ['topNav', 'TopNavDD1', 'mainMenu', 'FooterLinks', 'site-nav', 'menu']) expect(namesChrome(value), value).toBe(true);
    for (const value of ['products', 'productGrid', 'Canvas', 'navigator', 'ProductList', 'menus-of-the-day']) expect(namesChrome(value), value).toBe(false);
  });

  it('ranks a shop grid above a longer drop-down menu whose id is camelCase', async () => {
    const menu = Array.from({ length: 24 }, (_, index) => `<li><a href="/c/range-${index}.html">Range number ${index} art</a></li>`).join('');
    const products = Array.from(
      { length: 8 },
      (_, index) => `<td><a href="/p/sculpture-${index}.html"><img src="/i/${index}.jpg"></a><a href="/p/sculpture-${index}.html">Large metal sculpture model ${index}</a><span>£${40 + index}.00</span></td>`,
    ).join('');
    // The rest of the page (a shop's text, its footer) is most of its elements, as on a real page.
    const text = Array.from({ length: 60 }, (_, index) => `<p>Care notes, <b>part ${index}</b>, and <i>delivery</i>.</p>`).join('');
    const html = `<html><body><div id="TopNavDD1"><table><tr><td><ul>${menu}</ul></td></tr></table></div>
      <div><table><tr>${products}</tr></table></div><div>${text}</div></body></html>`;
    const urls = await urlsOf(html, 'https://shop.example.test/metal-art.html');
    expect(urls).toHaveLength(8);
    expect(urls[0]).toBe('https://shop.example.test/p/sculpture-0.html');
  });
});

describe('directory listings', () => {
  it('reads the bare links of a <pre> index as items, without the link up to the parent', async () => {
    const rows = ['docs/', 'images/', 'release-notes.txt', 'archive.tar.gz', 'checksums.sha256']
      .map((name) => `<a href="${name}">${name}</a>                          04-May-2017 21:37      -\n`)
      .join('');
    const html = `<html><head><title>Index of /pub/files/</title></head><body><h1>Index of /pub/files/</h1><hr><pre><a href="../">../</a>\n${rows}</pre><hr></body></html>`;
    const urls = await urlsOf(html, 'https://mirror.example.test/pub/files/');
    expect(urls).toEqual([
      'https://mirror.example.test/pub/files/docs/',
      'https://mirror.example.test/pub/files/images/',
      'https://mirror.example.test/pub/files/release-notes.txt',
      'https://mirror.example.test/pub/files/archive.tar.gz',
      'https://mirror.example.test/pub/files/checksums.sha256',
    ]);
  });

  it('still calls a list of one-word menu labels a menu (no directory or file names)', async () => {
    const labels = ['Home', 'About', 'Contact', 'Shop', 'Blog'];
    const html = `<html><body><pre>${labels.map((label) => `<a href="/${label.toLowerCase()}">${label}</a>\n`).join('')}</pre></body></html>`;
    const result = await domHeuristics.scrape(page(html, 'https://site.example.test/'), context());
    const score = result.candidates[0]?.score ?? 0;
    expect(result.candidates[0]?.features?.find((feature) => feature.name === 'shortTitles')?.value).toBe(1);
    expect(score).toBeLessThan(8);
  });
});

describe('links back to the page with other parameters', () => {
  it('tells refinements (related searches, page links) from permalinks that share the path', () => {
    const test = refinementTest(new URL('https://search.example.test/web?q=lakes&page=3'))!;
    expect(test(new URL('https://search.example.test/web?q=lakes+in+norway'))).toBe(true);
    expect(test(new URL('https://search.example.test/web?q=lakes&page=4'))).toBe(true);
    expect(test(new URL('https://search.example.test/images?q=lakes'))).toBe(false);
    expect(test(new URL('https://other.example.test/web?q=lakes'))).toBe(false);
    const blog = refinementTest(new URL('https://blog.example.test/?cat=3&paged=2'))!;
    expect(blog(new URL('https://blog.example.test/?p=128'))).toBe(false);
    expect(blog(new URL('https://blog.example.test/?cat=3&paged=3'))).toBe(true);
    expect(refinementTest(new URL('https://blog.example.test/'))).toBeUndefined();
  });

  it('ranks organic results above a longer block of related searches', async () => {
    const related = ['lakes in norway', 'lake district walks', 'deepest lakes', 'lake maps', 'lakes near me', 'swimming lakes', 'lake houses', 'frozen lakes', 'lake fishing', 'alpine lakes', 'lake cruises', 'salt lakes']
      .map((query) => `<a href="/web?q=${encodeURIComponent(query)}&src=rel">${query}</a>`)
      .join('');
    const results = Array.from(
      { length: 6 },
      (_, index) => `<div class="result"><p>Result ${index} tells you about lakes and their shores in a few lines of text.</p><a href="https://site${index}.example.org/lakes/guide-${index}">Read more »</a></div>`,
    ).join('');
    const html = `<html><body><div id="results">${results}</div><div class="rel">${related}</div></body></html>`;
    const urls = await urlsOf(html, 'https://search.example.test/web?q=lakes&page=2');
    expect(urls).toHaveLength(6);
    expect(urls[0]).toBe('https://site0.example.org/lakes/guide-0');
  });
});

describe("another site's root address", () => {
  it('is a result (a site), not a home link, so results made of homepages beat a sitelinks strip', async () => {
    const results = Array.from({ length: 8 }, (_, index) => `<li><h2><a href="https://games${index}.example.org/">Free games portal number ${index} online</a></h2><p>Play games online.</p></li>`).join('');
    const sitelinks = ['Shooting', 'Action', 'Strategy', 'Puzzle', 'Racing', 'Sports', 'Cards', 'Arcade', 'Kids', 'Music', 'Words', 'Classic']
      .map((label) => `<a href="https://games0.example.org/${label.toLowerCase()}-games/index.jsp">${label} games</a>`)
      .join('');
    const html = `<html><body><div class="sitelinks">${sitelinks}</div><ol class="serp">${results}</ol></body></html>`;
    const urls = await urlsOf(html, 'https://search.example.test/find?text=games');
    expect(urls).toHaveLength(8);
    expect(urls[0]).toBe('https://games0.example.org/');
  });
});

describe('sliders and carousels beside the list', () => {
  const story = (index: number, heading: boolean) =>
    heading
      ? `<li><a href="/?p=${900 + index}"><img src="/i/${index}.jpg"></a><h2><a href="/?p=${900 + index}">Featured story number ${index} from the whole site</a></h2></li>`
      : `<article><a href="/?p=${500 + index}">Category story ${index} about the harbour works</a><p>A short teaser of the story, a line or two long.</p></article>`;

  it('ranks the category list above a short carousel of featured stories with bigger headings', async () => {
    const slider = Array.from({ length: 12 }, (_, index) => story(index, true)).join('');
    const list = Array.from({ length: 10 }, (_, index) => story(index, false)).join('');
    const filler = Array.from({ length: 100 }, (_, index) => `<p>Site text ${index} <b>and</b> more.</p>`).join('');
    const html = `<html><body><div id="content"><div class="flexslider"><ul class="slides">${slider}</ul></div><div class="post-listing">${list}</div></div><div>${filler}</div></body></html>`;
    const urls = await urlsOf(html, 'https://news.example.test/?cat=4');
    expect(urls).toHaveLength(10);
    expect(urls[0]).toBe('https://news.example.test/?p=500');
  });

  it('keeps a long slider that is the page list (more items than a featured carousel shows)', async () => {
    const slider = Array.from({ length: 30 }, (_, index) => story(index, true)).join('');
    const html = `<html><body><div id="latestReviewsSlider">${`<ul>${slider}</ul>`}</div></body></html>`;
    const result = await domHeuristics.scrape(page(html, 'https://reviews.example.test/'), context());
    expect(result.items).toHaveLength(30);
    expect(result.candidates[0]?.features?.find((feature) => feature.name === 'chromeNames')?.value).toBe(0);
  });

  it('reads slider, carousel and ticker names, also in camelCase', () => {
    for (const value of ['flexslider', 'slides', 'owl-carousel', 'newsTicker', 'jcarousel-skin-x', 'homeSlider']) expect(namesCarousel(value), value).toBe(true);
    for (const value of ['slide-title', 'posts', 'tickets', 'carousel-like-list-of-nothing-x'.replace('carousel', 'carol')]) expect(namesCarousel(value), value).toBe(false);
  });
});

describe('hidden elements', () => {
  const brands = (count: number) => Array.from({ length: count }, (_, index) => `<a href="/brand-${index}+jeans.html">Brand ${index} jeans and trousers</a> | `).join('');
  const grid = Array.from(
    { length: 10 },
    (_, index) => `<td class="product"><a href="/p/straight-jeans-${index}.html"><img src="/i/${index}.jpg"></a><br><a href="/p/straight-jeans-${index}.html">Straight leg jeans model ${index}</a><br>£${30 + index}.99</td>`,
  ).join('');

  for (const [label, hiding] of [
    ['an inline display: none', 'style="display: none;"'],
    ['the hidden attribute', 'hidden'],
  ] as const) {
    it(`ranks the visible product grid above a longer list of links in a closed tab (${label})`, async () => {
      // The rest of the shop page (text, footer) is most of its elements, as on a real page.
      const text = Array.from({ length: 100 }, (_, index) => `<p>Fit guide, <b>part ${index}</b>, and <i>care</i>.</p>`).join('');
      const html = `<html><body><table><tr>${grid}</tr></table><div id="tab1-content"><p>About our jeans.</p></div><div ${hiding} id="tab2-content">${brands(60)}</div><div>${text}</div></body></html>`;
      const urls = await urlsOf(html, 'https://shop.example.test/jeans.html');
      expect(urls).toHaveLength(10);
      expect(urls[0]).toBe('https://shop.example.test/p/straight-jeans-0.html');
    });
  }

  it('does not count a hidden wrapper around most of the page (the page behind an open dialog) as hiding the list', async () => {
    const posts = Array.from({ length: 12 }, (_, index) => `<li><h3><a href="/news/harbour-story-${index}">Harbour works story number ${index}</a></h3><p>Teaser ${index}.</p></li>`).join('');
    const dialog = ['Accept all', 'Reject all', 'Settings', 'Privacy policy'].map((label, index) => `<a href="/consent/${index}">${label}</a>`).join('');
    const html = `<html><body><div id="page" aria-hidden="true"><ul>${posts}</ul></div><div role="dialog">${dialog}</div></body></html>`;
    const result = await domHeuristics.scrape(page(html, 'https://news.example.test/news'), context());
    expect(result.items).toHaveLength(12);
    expect(result.candidates[0]?.features?.find((feature) => feature.name === 'boilerplateAncestry')?.value).toBe(0);
  });

  it('leaves a visible list of the same links alone (the penalty is for hiding, not for the markup)', async () => {
    const html = `<html><body><div id="tab2-content">${brands(60)}</div></body></html>`;
    const result = await domHeuristics.scrape(page(html, 'https://shop.example.test/jeans.html'), context());
    expect(result.items).toHaveLength(60);
    expect(result.candidates[0]?.features?.find((feature) => feature.name === 'boilerplateAncestry')?.value).toBe(0);
  });
});
