import { readdirSync } from 'node:fs';
import { compileSelector } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { fixture, page } from '../test-support/helpers.js';
import { findAll, pageElements } from '../util/dom.js';
import { cssOf, mayBeExact } from './css-chain.js';
import { chainTo } from './selectors.js';

const htmlFixtures = readdirSync(new URL('../__fixtures__/', import.meta.url)).filter((name) => name.endsWith('.html'));
const tricky = page(`<html><head><template><li class="x">in a template</li></template></head><body id="top">
  <ul class="x"><li class="x y">a</li><li class="y x">b</li><li class="xx">c</li></ul>
  <svg><g class="x"><li class="x">in svg</li></g></svg>
  <div id="main"><ul class="x"><li class="x\ty">tab</li><li CLASS="X">upper</li></ul></div>
  <noscript><ul class="x"><li class="x y">noscript</li></ul></noscript>
</body></html>`);

describe('mayBeExact', () => {
  it('never rejects a chain for the elements the selector really selects', () => {
    let compared = 0;
    for (const document of [tricky, ...htmlFixtures.map((name) => fixture(name))]) {
      const elements = pageElements(document.document).elements;
      for (const element of findAll(document.document, () => true).slice(0, 300)) {
        const chain = chainTo(element);
        for (let length = 1; length <= chain.length; length += 1) {
          const tail = chain.slice(-length);
          const selected = compileSelector(cssOf(tail)).selectAll(document.document);
          if (selected.length === 0) continue;
          const tag = tail.at(-1)?.tag ?? '';
          expect(mayBeExact(tail, new Set(selected), elements, { tag, elements: elements.filter((candidate) => candidate.name === tag) })).toBe(true);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
