import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';
import { GATE_FEATURES, readsSubjectFacts } from './article-gate.js';
import { NO_SUBJECT_FACTS, SUBJECT_FACTS, subjectFacts } from './article-subject.js';
import { THREAD_FACTS } from './article-thread.js';

const URL_OF_PAGE = 'https://example.test/things/one-thing';
const sentence = 'A sentence that describes the thing, what it is made of and who it is for. ';

function documentOf(html: string) {
  return page(`<!doctype html><html><body>${html}</body></html>`, URL_OF_PAGE).document;
}

/** The subject facts of the page's `li` elements. */
function factsOf(html: string) {
  const document = documentOf(html);
  const members: Element[] = findAll(document, (element) => element.name === 'li');
  return subjectFacts(document, members);
}

const rows = (count: number) => Array.from({ length: count }, (_, n) => `<li><a href="/things/other-${n}">Another thing ${n}</a></li>`).join('');
const header = '<header><h1>A shop</h1><nav><a href="/">Home</a></nav></header>';

describe('subject facts for the article gate', () => {
  it('sees one thing with its price, body and sub-headings above a shelf of other things', () => {
    const facts = factsOf(
      `${header}<main><h1>One thing</h1><p class="price"><span>€</span><b>19.90</b></p><p>${sentence.repeat(3)}</p>` +
        `<h2>Details</h2><p>${sentence}</p><h2>You may also like</h2><ul>${rows(8)}</ul></main>`,
    );
    expect(facts.headingsBefore).toBeCloseTo(Math.log10(3));
    expect(facts.textBefore).toBeGreaterThan(Math.log10(200));
    expect(facts.figureBefore).toBe(1);
    expect(facts.pager).toBe(0);
  });

  it('reads a match score as the subject figure', () => {
    const facts = factsOf(`<main><h1>Home side v Away side</h1><div><span>2 - 1</span></div><h2>Line-ups</h2><ul>${rows(11)}</ul></main>`);
    expect(facts.figureBefore).toBe(1);
    expect(facts.headingsBefore).toBeCloseTo(Math.log10(2));
  });

  it('sees a list page: the items right under the main heading (the site header left out), and numbered pages', () => {
    const pager = '<div class="pages"><a href="?page=1">1</a> <a href="?page=2">2</a> <a href="?page=3">3</a></div>';
    const facts = factsOf(`${header}<main><h1>All things</h1><p>24 results</p><ul>${rows(24)}</ul>${pager}</main>`);
    expect(facts.headingsBefore).toBe(0);
    expect(facts.textBefore).toBeLessThan(Math.log10(20));
    expect(facts.figureBefore).toBe(0);
    expect(facts.pager).toBe(1);
  });

  it('reads a next-page link as a pager, and a heading after the first item as no subject above it', () => {
    const facts = factsOf(`<main><ul>${rows(5)}</ul><h1>Things</h1><a rel="next" href="?page=2">Older</a></main>`);
    expect(facts).toEqual({ ...NO_SUBJECT_FACTS, pager: 1, aboveHeading: 1 });
  });

  it('sees the rows of a table with a header row as a data table, and a table without one as not', () => {
    const body = Array.from({ length: 6 }, (_, n) => `<tr><td>Round ${n}</td><td><a href="/games/${n}">Home v Away</a></td></tr>`).join('');
    const rowsOf = (html: string) => {
      const document = documentOf(html);
      return subjectFacts(document, findAll(document, (element) => element.name === 'tr' && element.children.some((cell) => cell.type === 'tag' && (cell as Element).name === 'td')));
    };
    expect(rowsOf(`<main><h1>Fixtures</h1><table><thead><tr><th>Round</th><th>Game</th></tr></thead><tbody>${body}</tbody></table></main>`).dataTable).toBe(1);
    expect(rowsOf(`<main><h1>Fixtures</h1><table><tr><th>Round</th><th>Game</th></tr>${body}</table></main>`).dataTable).toBe(1);
    expect(rowsOf(`<main><h1>Layout</h1><table>${body}</table></main>`).dataTable).toBe(0);
  });

  it('does not take a heading inside an item for the main heading', () => {
    const items = Array.from({ length: 4 }, (_, n) => `<li><h2><a href="/things/${n}">Thing ${n}</a></h2><p>${sentence}</p></li>`).join('');
    expect(factsOf(`<main><ul>${items}</ul></main>`)).toEqual(NO_SUBJECT_FACTS);
    expect(factsOf(`<main><h1>Things</h1><ul>${items}</ul></main>`)).toEqual(NO_SUBJECT_FACTS);
  });

  it('leaves text in a side column out of the subject, and a long sentence with a price in it is not a figure', () => {
    const facts = factsOf(`<main><h1>Things</h1><aside><h2>Offers</h2><p>€ 5 off</p></aside><p>Everything here costs less than $20 today, and more.</p><ul>${rows(6)}</ul></main>`);
    expect(facts.headingsBefore).toBe(0);
    expect(facts.figureBefore).toBe(0);
  });

  it('gives zeros without members, sits last among the gate inputs, and is read only by a model that names it', () => {
    expect(subjectFacts(documentOf('<p>Nothing</p>'), [])).toEqual(NO_SUBJECT_FACTS);
    expect(GATE_FEATURES.slice(-SUBJECT_FACTS.length - THREAD_FACTS.length, -THREAD_FACTS.length)).toEqual([...SUBJECT_FACTS]);
    expect(readsSubjectFacts(ARTICLE_GATE_MODEL)).toBe(false);
    expect(readsSubjectFacts({ ...ARTICLE_GATE_MODEL, features: [...ARTICLE_GATE_MODEL.features, 'pager'] })).toBe(true);
  });
});
