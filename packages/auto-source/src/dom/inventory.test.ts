import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, page } from '../test-support/helpers.js';
import { createPageUrls } from '../util/url.js';
import { collectGroups } from './collect.js';
import { inventory } from './inventory.js';

const htmlFixtures = readdirSync(new URL('../__fixtures__/', import.meta.url)).filter((name) => name.endsWith('.html'));

describe('inventory', () => {
  it('reads the same facts from the page index as from a walk of the member', () => {
    const deep = `<main>${'<div>'.repeat(30)}${[1, 2, 3].map((index) => `<section class="post"><h2 role="heading"><a href="/p/${index}">Post ${index}</a></h2><span class="date">3 March 2024</span><time datetime="2024-03-0${index}">x</time><img src="/i${index}.png"><meta itemprop="datePublished" content="2024"></section>`).join('')}${'</div>'.repeat(30)}</main>`;
    const documents = [...htmlFixtures.map((name) => fixture(name)), page(deep)];
    let compared = 0;
    for (const document of documents) {
      const urls = createPageUrls(document.url);
      const { groups, placementOf, index } = collectGroups(document.document);
      for (const member of new Set(groups.flatMap((group) => group.members))) {
        expect(inventory(member, urls, index, placementOf(member))).toEqual(inventory(member, urls));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});
