import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';
import { GATE_FEATURES, readsReadingFacts } from './article-gate.js';
import { NO_READING_FACTS, READING_FACTS, postSections, readingFacts } from './article-reading.js';
import { SUBJECT_FACTS } from './article-subject.js';
import { THREAD_FACTS } from './article-thread.js';

const URL_OF_PAGE = 'https://example.test/notes/a-note-about-one-thing';
const sentence = 'A sentence of the text that says what happened and why it matters to the reader. ';
const paragraph = (n: number) => `<p>${sentence.repeat(3)}(${n})</p>`;

function documentOf(html: string) {
  return page(`<!doctype html><html><body>${html}</body></html>`, URL_OF_PAGE).document;
}

/** The reading facts of the page's `li` elements (or of the elements named `tag`). */
function factsOf(html: string, tag = 'li') {
  const document = documentOf(html);
  const members: Element[] = findAll(document, (element) => element.name === tag);
  return readingFacts(document, members);
}

const links = (count: number) => Array.from({ length: count }, (_, n) => `<li><a href="/notes/other-${n}">Another note ${n}</a></li>`).join('');

describe('reading facts for the article gate', () => {
  it('sees link rows in a side column, a footer, a dialog or a hidden panel as chrome', () => {
    const body = `<main><h1>One note</h1>${paragraph(1)}${paragraph(2)}</main>`;
    expect(factsOf(`${body}<aside><ul>${links(4)}</ul></aside>`).inChrome).toBe(1);
    expect(factsOf(`${body}<footer><ul>${links(4)}</ul></footer>`).inChrome).toBe(1);
    expect(factsOf(`${body}<div role="dialog"><ul>${links(4)}</ul></div>`).inChrome).toBe(1);
    expect(factsOf(`${body}<div hidden><ul>${links(4)}</ul></div>`).inChrome).toBe(1);
  });

  it('reads a list in the page body as content, not chrome', () => {
    const facts = factsOf(`<main><h1>Notes</h1><ul>${links(6)}</ul></main><footer><p>About us</p></footer>`);
    expect(facts.inChrome).toBe(0);
    expect(facts.postMembers).toBe(0);
  });

  it('sees an archive of full posts: each item has its own heading and paragraphs of text', () => {
    const posts = [1, 2, 3, 4].map((n) => `<article><h2><a href="/notes/${n}">Note ${n}</a></h2>${paragraph(n)}${paragraph(n + 10)}</article>`).join('');
    const facts = factsOf(`<main>${posts}</main><aside><h3>Elsewhere</h3><ul>${links(3)}</ul></aside>`, 'article');
    expect(facts.postMembers).toBe(1);
    expect(facts.inChrome).toBe(0);
    // Four sections of full text; the side column's heading is chrome and is not read.
    expect(facts.postSections).toBeCloseTo(Math.log10(5));
  });

  it('counts one section on an article: one heading over the body, short rows after it', () => {
    const document = documentOf(`<main><h1>One note</h1>${paragraph(1)}${paragraph(2)}<h2>Related</h2><ul>${links(5)}</ul></main>`);
    expect(postSections(document)).toBeCloseTo(Math.log10(2));
  });

  it('gives zeros without members, sits just before the subject facts among the gate inputs, and is read only by a model that names it', () => {
    expect(readingFacts(documentOf('<p>Nothing</p>'), [])).toEqual(NO_READING_FACTS);
    expect(GATE_FEATURES.slice(-READING_FACTS.length - SUBJECT_FACTS.length - THREAD_FACTS.length, -SUBJECT_FACTS.length - THREAD_FACTS.length)).toEqual([...READING_FACTS]);
    expect(readsReadingFacts(ARTICLE_GATE_MODEL)).toBe(false);
    expect(readsReadingFacts({ ...ARTICLE_GATE_MODEL, features: [...ARTICLE_GATE_MODEL.features, 'postSections'] })).toBe(true);
  });
});
