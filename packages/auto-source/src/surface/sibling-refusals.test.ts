import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../test-support/helpers.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';

const sentence = 'The council said the new bridge opens next spring and that traffic will be rerouted until then. ';
const body = Array.from({ length: 8 }, () => `<p>${sentence.repeat(4)}</p>`).join('');
// One news story under its own heading, then a block of other stories at addresses of the story's own kind.
const related = Array.from({ length: 8 }, (_, n) => `<li><a href="/news/story/7/${30100 + n}">Another story about the town, number ${n}</a></li>`).join('');
const STORY = `<html><head><title>The bridge</title></head><body><main><h1>The bridge opens next spring</h1>${body}</main>
<section><h2>More stories</h2><ul>${related}</ul></section></body></html>`;
const URL_OF_PAGE = 'https://example.test/news/story/7/30050';
// Another gate than the shipped one, which keeps every page (as a corrected gate may keep this one).
const KEEPS_ALL = { ...ARTICLE_GATE_MODEL, threshold: 2 };

describe('sibling refusals after another article gate (fourteenth session)', () => {
  it('lets the shipped refusal stand over another gate\'s keep when the list links to the page\'s own kind, only when asked', async () => {
    expect(await outcomeOf(STORY, URL_OF_PAGE)).toBe('unsupported_surface');
    expect(await outcomeOf(STORY, URL_OF_PAGE, { articleModel: KEEPS_ALL })).toBe('8 items');
    expect(await outcomeOf(STORY, URL_OF_PAGE, { articleModel: KEEPS_ALL, siblingRefusals: true })).toBe('unsupported_surface');
  });

  it('leaves a list whose items are another kind of page than the page itself', async () => {
    const list = `<html><head><title>News</title></head><body><main><h1>News</h1><ul>${related}</ul></main></body></html>`;
    expect(await outcomeOf(list, 'https://example.test/news/', { articleModel: KEEPS_ALL, siblingRefusals: true })).toBe('8 items');
  });
});
