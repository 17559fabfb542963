import { findAll } from 'domutils';
import { describe, expect, it } from 'vitest';
import { elementsNamed, parseHtml } from './parse.js';

/**
 * The tag index looks at an element only when a small code of its name (length, first and last
 * character) matches the tag's: names that share a code must still be told apart.
 */
describe('elementsNamed', () => {
  const page = parseHtml(
    '<div id="1"><dxv id="2"></dxv><d-v id="3"><div id="4"></div></d-v><DIV id="5"></DIV><dĀv id="6"></dĀv>'
      + '<template><div id="in-template"></div></template><diɶ id="7"></diɶ><a id="8"></a><b id="9"></b><div id="10"></div></div>',
  );

  it.each(['div', 'dxv', 'd-v', 'dĀv', 'diɶ', 'a', 'b', 'span'])('finds exactly the %s elements, in document order, none from a <template>', (tag) => {
    const expected = findAll((element) => element.name === tag && element.attribs['id'] !== 'in-template', page.children).map((element) => element.attribs['id']);
    expect(elementsNamed(page, tag)!.map((element) => element.attribs['id'])).toEqual(expected);
  });

  // dxv, d-v, dĀv (Ā is U+0100) and diɶ (U+0276) have the code of div.
  it('names that share a code are different tags', () => {
    expect(elementsNamed(page, 'div')!.map((element) => element.attribs['id'])).toEqual(['1', '4', '5', '10']);
    expect(elementsNamed(page, 'dxv')!.map((element) => element.attribs['id'])).toEqual(['2']);
    expect(elementsNamed(page, 'diɶ')!.map((element) => element.attribs['id'])).toEqual(['7']);
  });

  it('keeps every element of a page with thousands of them (the codes array grows)', () => {
    const big = parseHtml(`<ul>${'<li><a href="#">x</a><span>y</span></li>'.repeat(1500)}</ul><p>end</p>`);
    for (const tag of ['li', 'a', 'span', 'p', 'ul']) {
      expect(elementsNamed(big, tag)).toEqual(findAll((element) => element.name === tag, big.children));
    }
    expect(elementsNamed(big, 'a')).toHaveLength(1500);
  });
});
