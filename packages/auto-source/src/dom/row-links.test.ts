import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import type { Element } from 'domhandler';
import { context, page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { areCellsOf, isPartOf, type RowRanked } from './row-cells.js';

// Every page here is written for the test (seventh session: which link a row gets).
const TOPICS = ['Server crash after the update', 'Looking for a guild to join', 'Trading rare items this week', 'Quest bug in the northern caves', 'How do I reset my password', 'Event schedule for the winter', 'Suggestion: more storage slots', 'Lost connection every evening'];
const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gil', 'Hal', 'Ivy'];

/**
 * A forum board on a program page with a query (`/forum/?action=board&board=7`): each topic row
 * links its topic (the same program, another action: it reads as a refinement of the page), its
 * starter's profile, a last-post permalink with an icon and a time, and the last poster's profile.
 */
const board = (): string =>
  `<table class="topics"><tbody>${TOPICS.map(
    (topic, n) => `<tr><td><img src="/i/${n % 2}.gif" alt=""></td>
      <td><a href="/forum/?action=thread&amp;thread=${4100 + n}">${topic}</a></td>
      <td><div class="starter">by <a href="/community/?who=${NAMES[n]}">${NAMES[n]} Stone</a></div></td><td>${n + 2}</td><td>${n * 40 + 9}</td>
      <td><span><a href="/forum/?action=thread&amp;post=${9300 + n}"><img src="/i/last.gif" alt=""></a> 0${n + 1}.09.2023 17:2${n}</span>
      <span class="by"> by <a href="/community/?who=${NAMES[n + 1]}">${NAMES[n + 1]} Stone</a></span></td></tr>`,
  ).join('')}</tbody></table>`;

async function extract(body: string, rowsOverCells = true, url = 'https://example.test/forum/?action=board&board=7') {
  return createAutoSource({ rowsOverCells }).extract(page(`<!doctype html><html><body><main>${body}</main></body></html>`, url), context());
}

describe('the link a row gets (rows over cells on)', () => {
  it("gives each topic row its topic link, not its starter's or last poster's profile", async () => {
    const { items } = await extract(board());
    expect(items.map((item) => item.url)).toEqual(TOPICS.map((_, n) => `https://example.test/forum/?action=thread&thread=${4100 + n}`));
    expect(items.map((item) => item.title)).toEqual(TOPICS);
    const before = await extract(board(), false);
    expect(before.items[0]?.url).toBe('https://example.test/community/?who=Bob');
  });

});

const entry = (members: Element[], urlOf: (index: number) => string, titleOf: (index: number) => string): RowRanked => ({
  items: members.map((member, index) => ({ member, url: urlOf(index), titleKey: titleOf(index), title: titleOf(index) })),
  score: 10,
  features: [],
});

describe('areCellsOf / isPartOf: columns, headlines and parts', () => {
  // Six homepage boxes of two stories each; each box links a story and a section page.
  const html = `<html><body>${[0, 1, 2, 3, 4, 5].map((n) => `<div class="box"><h3><a href="/view/${n}">s</a></h3><h3><a href="/section?sid=${n}">t</a></h3></div>`).join('')}</body></html>`;
  const document = page(html).document;
  const boxes = findAll(document, (element) => element.name === 'div');
  const heads = findAll(document, (element) => element.name === 'h3');
  const rows = entry(boxes, (index) => `https://example.test/view/${index}`, (index) => `Mayor opens the new bridge over river ${index}`);
  const kindOf = (index: number) => (index % 2 === 0 ? `https://example.test/view/${index / 2}` : `https://example.test/section?sid=${(index - 1) / 2}`);

  it('reads two headlines of other kinds of page in each row as items, not columns', () => {
    const headlines = entry(heads, kindOf, (index) => (index % 2 === 0 ? `Mayor opens the new bridge over river ${index}` : `Council debates the budget for district ${index}`));
    expect(areCellsOf(rows, headlines)).toBe(false);
  });

  it('reads a headline beside a short name leading elsewhere as columns', () => {
    const named = entry(heads, kindOf, (index) => (index % 2 === 0 ? `Mayor opens the new bridge over river ${index}` : `Ann ${index}`));
    expect(areCellsOf(rows, named)).toBe(true);
  });

  it('takes one part per row linking elsewhere with shorter titles as a part, not a list', () => {
    const starters = entry(heads.filter((_, index) => index % 2 === 1), (index) => `https://example.test/profile/${index}`, (index) => `Ann ${index}`);
    expect(isPartOf(rows, starters)).toBe(true);
    const sameLinks = entry(heads.filter((_, index) => index % 2 === 0), (index) => `https://example.test/view/${index}`, (index) => `Mayor opens the new bridge over river ${index}`);
    expect(isPartOf(rows, sameLinks)).toBe(false);
    const longer = entry(heads.filter((_, index) => index % 2 === 1), (index) => `https://example.test/profile/${index}`, (index) => `A much longer title than the row's own title ${index}`);
    expect(isPartOf(rows, longer)).toBe(false);
    // Rows whose title link leaves the site (a caption's photo source) keep their on-site part (the permalink).
    const offSite = entry(boxes, (index) => `https://photos.example.org/p/${index}`, (index) => `Mayor opens the new bridge over river ${index}`);
    expect(isPartOf(offSite, starters)).toBe(false);
  });
});
