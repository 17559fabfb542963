import fc from 'fast-check';
import { selectAll as cssSelectAllOf, selectOne as cssSelectOneOf } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { parseHtml } from './parse.js';
import { compileSelector, outermost } from './select.js';

const cssSelectAll = (selector: string, root: AnyNode | AnyNode[]): Element[] => cssSelectAllOf<AnyNode, Element>(selector, root);
const cssSelectOne = (selector: string, root: AnyNode | AnyNode[]): Element | null => cssSelectOneOf<AnyNode, Element>(selector, root);

/**
 * compileSelector compiles once and reuses the query; it must select exactly what css-select's
 * string form selects for every kind of root (document, nested element, top element, list).
 */
const PAGE = `<!doctype html><html><body>
<div class="list">
  <div class="item" id="one"><h2><a href="/a">A</a></h2><div class="meta"><span>x</span><a class="more" href="/a#more">more</a></div><p>first</p></div>
  <div class="item" id="two"><h3><a href="/b">B</a></h3><p class="lead">second</p><p>third</p><div><div class="item" id="nested"><a href="/n">N</a></div></div></div>
  <section class="item" id="three"><a href="/c"><h3>C</h3></a><p>fourth</p><template><div class="item" id="in-template"><p><a href="/t">T</a></p></div></template></section>
  <template><div class="item" id="top-template"><a href="/u">U</a></div></template>
</div>
<footer><div class="meta"><a href="/f">footer link</a></div></footer>
</body></html>`;

const SELECTORS = [
  'a', 'div a', 'div.meta a', 'body a', 'h2 a, h3 a', 'p:first-child', 'p:last-child', 'p + p', 'h2 ~ p', 'div > a',
  'a:has(h3)', 'div:has(> a)', 'a:not(.more)', 'a:not(div a)', ':is(h2, h3) a', 'div:is(.meta a)', '*', 'div *', '> p', '+ div',
  ':scope > p', '.item .item a', 'p:nth-child(2)', 'a[href^="/"]', 'div :not(span)',
  // Chains that reach above the item: inside an item they must find nothing there.
  ':root', 'html a', 'body div a', '.list .item a', 'div:first-child a', 'div p:first-child', 'h2 + div a', ':not(p) a', 'p:only-child',
  'p:nth-child(n)', 'div:nth-child(n+1) a', ':root a', 'div ~ div a', 'div + section a', '.item ~ .item a',
];

const document = parseHtml(PAGE);
const byId = (id: string) => cssSelectOne(`#${id}`, document) as Element;
const roots: [string, AnyNode | AnyNode[]][] = [
  ['document', document],
  ['nested element', byId('two')],
  ['inner element', byId('nested')],
  ['top element', cssSelectOne('html', document) as Element],
  ['list of elements', [byId('one'), byId('three')]],
];

const describeElements = (elements: readonly Element[]) => elements.map((element) => `${element.name}${element.attribs['href'] ?? element.attribs['id'] ?? ''}`);

describe('compileSelector matches css-select on every kind of root', () => {
  for (const [rootName, root] of roots) {
    it.each(SELECTORS)(`${rootName}: %s`, (selector) => {
      const compiled = compileSelector(selector);
      // Twice: a reused query must not carry state from one root to the next.
      for (let round = 0; round < 2; round += 1) {
        expect(describeElements(compiled.selectAll(root))).toEqual(describeElements(cssSelectAll(selector, root)));
        const one = compiled.selectOne(root);
        const expected = cssSelectOne(selector, root);
        expect(one && describeElements([one])).toEqual(expected && describeElements([expected]));
      }
    });
  }

  it.each(SELECTORS)('selectOutermost on element roots: %s', (selector) => {
    const compiled = compileSelector(selector);
    for (const root of [byId('two'), byId('nested'), byId('one'), cssSelectOne('html', document) as Element]) {
      expect(describeElements(compiled.selectOutermost(root))).toEqual(describeElements(outermost(compiled.selectAll(root), root)));
    }
  });

  it('gives the same answers on a page parsed elsewhere (no tag index)', () => {
    const plain = parseDocument(PAGE);
    for (const selector of SELECTORS) {
      expect(describeElements(compileSelector(selector).selectAll(plain)), selector).toEqual(describeElements(cssSelectAll(selector, plain)));
    }
  });

  it('selectOutermost does not return matches nested in other matches', () => {
    const list = cssSelectOne('.list', document) as Element;
    expect(describeElements(compileSelector('.item').selectOutermost(list))).toEqual(['divone', 'divtwo', 'sectionthree']);
    expect(describeElements(compileSelector('.item').selectAll(list))).toEqual(['divone', 'divtwo', 'divnested', 'sectionthree']);
  });

  it('each item sees only its own subtree, in any order of roots', () => {
    const compiled = compileSelector('div a');
    const items = cssSelectAll('.item', document);
    const forward = items.map((item) => describeElements(compiled.selectAll(item)));
    const backward = [...items].reverse().map((item) => describeElements(compiled.selectAll(item))).reverse();
    expect(forward).toEqual(backward);
    expect(forward).toEqual(items.map((item) => describeElements(cssSelectAll('div a', item))));
  });

  it('keeps the positional extensions', () => {
    const items = cssSelectAll('.item', document);
    expect(describeElements(compileSelector('.item a:first').selectAll(document))).toEqual(['a/a']);
    expect(describeElements(compileSelector('.item a:last').selectAll(document))).toEqual(['a/c']);
    expect(describeElements(compileSelector('p:eq(1)').selectAll(items[1]!))).toEqual(['p']);
    expect(compileSelector('p:eq(9)').selectOne(items[1]!)).toBeNull();
  });

  it('rejects invalid selectors with the path', () => {
    expect(() => compileSelector('a[', 'selectors.title.selector')).toThrow(/Invalid CSS selector at selectors\.title\.selector/);
    expect(() => compileSelector('a:unknown-pseudo')).toThrow(/Invalid CSS selector/);
  });
});

/**
 * Inside an element, a selector ending in a tag reads its candidates from the page's tag index by
 * document-order numbers instead of walking the subtree. The numbers come from the parser's open
 * and close events, so pages the parser repairs (implied closes, stray end tags, elements left
 * open, templates) are where they could go wrong: generated pages of that kind, every element as
 * root, against css-select's own walk.
 */
describe('tag-index search inside an element matches the walk on repaired markup', () => {
  const TAGS = ['div', 'p', 'li', 'ul', 'a', 'span', 'h2', 'table', 'tr', 'td', 'template', 'b'];
  const piece: fc.Arbitrary<string> = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...TAGS),
        fc.constantFrom('', ' class="x"', ' class="y x"', ' class="x\ty"', ' class="X"', ' class="x\u00a0y"', ' class="xy"', ' class="x-y"', ' href="/h"', ' id="i"', ' id="I" width="435"', ' width="43"', ' data-n'),
      )
      .map(([tag, attributes]) => `<${tag}${attributes}>`),
    fc.constantFrom(...TAGS).map((tag) => `</${tag}>`),
    fc.constantFrom('text', ' ', '<br>', '<img src="/i">', '<!-- c -->'),
  );
  const PROPERTY_SELECTORS = [
    'a', 'p', 'div a', '.x', 'p.x', 'li a, p a', 'div > p', 'ul li', 'td a', 'span.y, b.y', 'div:not(.x) p',
    // Classes (whitespace of every kind, case), ids, attributes, universal, chains of one combinator.
    '.y', '.x.y', '.X', '.x-y', 'div.x a', '.x > p', 'li.y.x', 'a[href]', '[data-n]', '#i', '#I a', 'td[width="435"] font a',
    '[width="43"]', '*', 'div *', '* > a', 'ul li a', 'div div a', 'table tr td', 'div > p > a', '.x .y a', 'p.x, li.x, a',
    '[class~=x]', '[id=i]',
    // Mixed chains, pseudo-classes, attribute names and tags in capitals.
    'div > p a', 'div p > a', '.x:first-child', '[ID="I"]', 'A.X',
  ];

  it('selectAll, selectOne and selectOutermost agree with css-select for every element root', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const page = parseHtml(`<body>${pieces.join('')}</body>`);
        const elements = cssSelectAll('*', page);
        for (const selector of PROPERTY_SELECTORS) {
          const compiled = compileSelector(selector);
          expect(describeElements(compiled.selectAll(page))).toEqual(describeElements(cssSelectAll(selector, page)));
          for (const root of elements) {
            const all = cssSelectAll(selector, root);
            expect(describeElements(compiled.selectAll(root))).toEqual(describeElements(all));
            const one = compiled.selectOne(root);
            expect(one && describeElements([one])).toEqual(all[0] ? describeElements([all[0]]) : null);
            expect(compiled.selectOutermost(root)).toEqual(outermost(all, root));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
