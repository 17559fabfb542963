import { readdirSync } from 'node:fs';
import { selectAll } from 'css-select';
import { describe, expect, it } from 'vitest';
import { fixture, page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { cssOf, isPlain, selectPlain } from './css-chain.js';
import { chainTo } from './selectors.js';

const htmlFixtures = readdirSync(new URL('../__fixtures__/', import.meta.url)).filter((name) => name.endsWith('.html'));
const tricky = page(`<html><head><template><li class="x">in a template</li></template></head><body id="top">
  <ul class="x"><li class="x y">a</li><li class="y x">b</li><li class="xx">c</li></ul>
  <svg><g class="x"><li class="x">in svg</li></g></svg>
  <template><ul class="x"><li class="x y">hidden</li></ul></template>
  <div id="main"><ul class="x"><li class="x\ty">tab</li><li CLASS="X">upper</li></ul></div>
  <noscript><ul class="x"><li class="x y">noscript</li></ul></noscript>
</body></html>`);

describe('selectPlain', () => {
  // css-select is the reference: like a browser's querySelectorAll it leaves <template> contents out.
  it('selects what css-select selects for every plain chain on the fixture pages', () => {
    let compared = 0;
    for (const document of [tricky, ...htmlFixtures.map((name) => fixture(name))]) {
      for (const element of findAll(document.document, () => true).slice(0, 400)) {
        const chain = chainTo(element);
        for (let length = 1; length <= chain.length; length += 1) {
          const tail = chain.slice(-length);
          if (!isPlain(tail)) continue;
          expect(selectPlain(document.document, tail)).toEqual(selectAll(cssOf(tail), document.document));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
