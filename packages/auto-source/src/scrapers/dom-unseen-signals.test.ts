import { describe, expect, it } from 'vitest';
import { namesChrome } from '../dom/class-names.js';
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
