import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { findAll } from '../util/dom.js';
import { page } from '../test-support/helpers.js';
import { preferEnclosingList, type Ranked } from './nesting.js';

// Written for the test: three page sections, each holding four items of the page's list.
const HTML = `<html><body><div id="c">${['Latest', 'Popular', 'Latest']
  .map((name, section) => `<div class="s"><h2><a href="/more/${section}">${name} more…</a></h2><ul>${[0, 1, 2, 3]
    .map((n) => `<li><a href="/v/${section}-${n}.html">Video story ${section}-${n}</a></li>`).join('')}</ul></div>`)
  .join('')}</div></body></html>`;

const ranked = (members: Element[], score: number, titleUniqueness: number): Ranked => ({
  members,
  items: members.map((_, index) => ({ url: `https://example.test/${score}/${index}` })),
  score,
  features: [
    { name: 'linkedItems', value: 1, weight: 3 },
    { name: 'titleUniqueness', value: titleUniqueness, weight: 2 * titleUniqueness },
  ],
});

describe('preferEnclosingList', () => {
  it('moves a list whose items hold the leader items to the front when its titles are its own', () => {
    const document = page(HTML).document;
    const sections = findAll(document, (element) => element.name === 'div' && element.attribs['class'] === 's');
    const items = findAll(document, (element) => element.name === 'li');
    const leader = ranked(items, 20, 1);
    const outer = ranked(sections, 18.5, 1);
    expect(preferEnclosingList([leader, outer])[0]).toBe(outer);
    expect(outer.features.map((feature) => feature.name)).toContain('enclosesList');
  });

  it('leaves the leader first when the enclosing blocks repeat their titles (page sections, "more…")', () => {
    const document = page(HTML).document;
    const sections = findAll(document, (element) => element.name === 'div' && element.attribs['class'] === 's');
    const items = findAll(document, (element) => element.name === 'li');
    const leader = ranked(items, 20, 1);
    // "Latest more…" twice among three blocks: two distinct titles of three.
    const outer = ranked(sections, 18.5, 2 / 3);
    expect(preferEnclosingList([leader, outer])[0]).toBe(leader);
  });
});
