import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';
import { GATE_FEATURES, readsThreadFacts } from './article-gate.js';
import { NO_THREAD_FACTS, THREAD_FACTS, siblingShare, threadFacts } from './article-thread.js';

const sentence = 'A sentence of a reply that answers the question above and adds what the writer saw. ';

function documentOf(html: string) {
  return page(`<!doctype html><html><body>${html}</body></html>`, 'https://example.test/forum/topic-about-one-thing').document;
}

/** The thread facts of the elements the test marks as members (`data-member`). */
function factsOf(html: string) {
  const members: Element[] = findAll(documentOf(html), (element) => element.attribs['data-member'] !== undefined);
  return threadFacts('https://example.test/forum/topic-about-one-thing', members);
}

/** A discussion: each post a header with its author's link and a "Quote" button, then its body. */
const post = (n: number, author: string) =>
  `<div class="p"><div class="head"><a href="/users/${author}">${author}</a> <a href="/reply?quote=${n}">Quote</a></div><div class="body"><p>(${n}) ${sentence.repeat(3)}</p></div></div>`;

describe('thread facts for the article gate', () => {
  it('reads posts linked by the same buttons around long bodies as a discussion', () => {
    const posts = ['ann', 'bob', 'ann', 'cy', 'bob'].map((author, n) => `<div data-member>${post(n, author)}</div>`).join('');
    const facts = factsOf(`<h1>A question</h1>${posts}`);
    expect(facts.repeatedText).toBe(0);
    expect(facts.sharedLabels).toBe(1);
    expect(facts.memberBody).toBeGreaterThan(Math.log10(200));
    expect(facts.linkedShare).toBeLessThan(0.1);
  });

  it('reads distinct titles with a short teaser as a list', () => {
    const items = Array.from({ length: 6 }, (_, n) => `<li data-member><a href="/notes/note-${n}">A note about thing number ${n}</a> <span>Two words.</span></li>`).join('');
    const facts = factsOf(`<h1>Notes</h1><ul>${items}</ul>`);
    expect(facts.repeatedText).toBe(0);
    expect(facts.sharedLabels).toBe(0);
    expect(facts.memberBody).toBeLessThan(Math.log10(20));
    expect(facts.linkedShare).toBeGreaterThan(0.6);
  });

  it('counts members whose whole text repeats (the same button taken as the item)', () => {
    const buttons = Array.from({ length: 4 }, (_, n) => `<a data-member href="/reply?quote=${n}">Quote</a>`).join(' ');
    expect(factsOf(`<div>${buttons}<a data-member href="/other">Other</a></div>`).repeatedText).toBeCloseTo(4 / 5);
  });

  it('reads links to other pages of the page\'s own address kind as siblings, not the page itself or other kinds', () => {
    const document = page(`<!doctype html><html><body><ul>
      <li><a href="/news/story/7/30051">One</a></li><li><a href="/news/story/7/30052">Two</a></li>
      <li><a href="/news/story/7/30050#top">The page itself</a></li><li><a href="/news/section/world">A section</a></li></ul></body></html>`, 'https://example.test/news/story/7/30050').document;
    const members = findAll(document, (element) => element.name === 'li');
    expect(siblingShare('https://example.test/news/story/7/30050', members)).toBe(0.5);
    expect(siblingShare('https://example.test/news/', members)).toBe(0);
  });

  it('gives zeros without members, comes last in the input order and is read by no shipped model', () => {
    expect(threadFacts('https://example.test/', [])).toEqual(NO_THREAD_FACTS);
    expect(GATE_FEATURES.slice(-THREAD_FACTS.length)).toEqual([...THREAD_FACTS]);
    expect(readsThreadFacts(ARTICLE_GATE_MODEL)).toBe(false);
    expect(readsThreadFacts({ ...ARTICLE_GATE_MODEL, features: [...ARTICLE_GATE_MODEL.features, 'memberBody'] })).toBe(true);
  });
});
