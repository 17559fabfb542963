import { describe, expect, it } from 'vitest';
import { context, page } from '../test-support/helpers.js';
import { createAutoSource } from '../create-auto-source.js';

/** An estate agency's grid: each card is one link; inside it an image, a district line, the address and facts. */
function wholeCardGrid(): string {
  const homes = ['Harbour Road 4', 'Mill Lane 12', 'Station Street 7A', 'Chapel Walk 3', 'Orchard Way 21', 'Bridge Row 9'];
  const cards = homes.map((address, index) => `
      <a href="/for-sale/object/OBJ${100 + index}" class="card-link">
        <div class="card">
          <img src="/images/${index}.jpg" alt="">
          <div class="card-content">
            <div class="first-row"><h2 class="card-sub">${index % 2 === 0 ? 'North' : 'South'}</h2><span class="price">${675 + index} 000 kr</span></div>
            <div class="second-row"><h3 class="card-title">${address}</h3><div class="facts"><span>${3 + index} rooms</span><span>${80 + index * 10} m²</span></div></div>
          </div>
        </div>
      </a>`).join('');
  return `<html><body><header><a href="/">Home</a><a href="/for-sale">For sale</a><a href="/contact">Contact</a></header><main><h1>For sale</h1><div id="container">${cards}</div></main></body></html>`;
}

describe('items read from inside whole-card links (enclosingCardLinks)', () => {
  it('takes each card\'s link when the list\'s items have none of their own', async () => {
    const { items } = await createAutoSource({ enclosingCardLinks: true }).extract(page(wholeCardGrid(), 'https://example.test/for-sale'), context());
    expect(items.map((item) => item.url)).toEqual([100, 101, 102, 103, 104, 105].map((id) => `https://example.test/for-sale/object/OBJ${id}`));
  });

  it('is off by default: without it every item links to the page', async () => {
    const { items } = await createAutoSource().extract(page(wholeCardGrid(), 'https://example.test/for-sale'), context());
    expect(new Set(items.map((item) => (item.url ?? '').replace(/#.*$/, '')))).toEqual(new Set(['https://example.test/for-sale']));
  });

  it('leaves a list alone when one link wraps several of its items (a section, not a card)', async () => {
    const rows = ['Alpha notice', 'Beta notice', 'Gamma notice', 'Delta notice'].map((title) => `<div class="row"><h3>${title}</h3><p>Posted to the board.</p></div>`).join('');
    const html = `<html><body><main><a href="/board/all">${rows}</a></main></body></html>`;
    const { items } = await createAutoSource({ enclosingCardLinks: true }).extract(page(html, 'https://example.test/board'), context());
    expect(items.every((item) => !(item.url ?? '').startsWith('https://example.test/board/all'))).toBe(true);
  });
});
