import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { articleSignals } from './article.js';
import { CANDIDATE_FACTS, NO_CANDIDATE_FACTS, candidateFacts } from './article-candidate.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';
import { GATE_FEATURES, readsCandidateFacts } from './article-gate.js';
import { READING_FACTS } from './article-reading.js';
import { SUBJECT_FACTS } from './article-subject.js';
import { THREAD_FACTS } from './article-thread.js';

const URL_OF_PAGE = 'https://example.test/2024/05/10/a-post-about-one-thing';
const paragraph = (n: number) => `<p>${'A sentence of the post that says what happened and why it matters to the reader. '.repeat(4)}(${n})</p>`;
const BODY = `<div class="text">${[1, 2, 3, 4, 5].map(paragraph).join('')}</div>`;

/** The facts of the list items (`li`) under `selector`'s container, on a page of the given body. */
function factsOf(html: string, url = URL_OF_PAGE) {
  const document = page(`<!doctype html><html><body>${html}</body></html>`, url).document;
  const signals = articleSignals(document);
  const members: Element[] = findAll(document, (element) => element.name === 'li');
  return candidateFacts(url, members, signals.mainBlock);
}

describe('candidate facts for the article gate', () => {
  it('sees comment permalinks after the body as dated rows linking to the page itself', () => {
    const comments = [1, 2, 3, 4].map((n) => `<li><a href="#comment-${n}">May ${n}, 2024 at 10:0${n}</a> A reader wrote a short reply.</li>`).join('');
    const facts = factsOf(`<main>${BODY}<ol>${comments}</ol></main>`);
    expect(facts.afterMain).toBe(1);
    expect(facts.memberDated).toBe(1);
    expect(facts.selfLinks).toBe(1);
    expect(facts.offSite).toBe(0);
  });

  it('sees a sidebar archive as month and year labels', () => {
    const months = ['November 2009 (4)', 'October 2009 (2)', '2008', '2011/03'].map((label, n) => `<li><a href="/archive/${n}">${label}</a></li>`).join('');
    const facts = factsOf(`<main>${BODY}</main><div><ul>${months}</ul></div>`);
    expect(facts.archiveLabels).toBe(1);
    expect(facts.afterMain).toBe(1);
  });

  it('reads a list before any long text as a list: nothing after the main text, links to pages of their own', () => {
    const rows = [1, 2, 3, 4].map((n) => `<li><a href="/jobs/${n}">Job opening number ${n}</a></li>`).join('');
    const facts = factsOf(`<main><ul>${rows}</ul>${BODY}</main>`, 'https://example.test/jobs');
    expect(facts.afterMain).toBe(0);
    expect(facts.selfLinks).toBe(0);
    expect(facts.archiveLabels).toBe(0);
  });

  it('counts links that leave the page host', () => {
    const partners = [1, 2, 3, 4].map((n) => `<li><a href="https://partner-${n}.example.org/">Partner ${n}</a></li>`).join('');
    const facts = factsOf(`<main>${BODY}<ul>${partners}</ul></main>`);
    expect(facts.offSite).toBe(1);
  });

  it('gives zeros for a candidate without members, and sits after the other inputs of the gate but the reading and subject facts', () => {
    expect(candidateFacts(URL_OF_PAGE, [], undefined)).toEqual(NO_CANDIDATE_FACTS);
    const end = -READING_FACTS.length - SUBJECT_FACTS.length - THREAD_FACTS.length;
    expect(GATE_FEATURES.slice(end - CANDIDATE_FACTS.length, end)).toEqual([...CANDIDATE_FACTS]);
  });

  it('is computed only for a model that reads a candidate fact: the shipped model does not', () => {
    expect(readsCandidateFacts(ARTICLE_GATE_MODEL)).toBe(false);
    expect(readsCandidateFacts({ ...ARTICLE_GATE_MODEL, features: [...ARTICLE_GATE_MODEL.features, 'afterMain'] })).toBe(true);
  });
});
