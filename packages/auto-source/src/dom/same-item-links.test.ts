import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import type { Element } from 'domhandler';
import { findAll } from '../util/dom.js';
import { areCellsOf, type RowRanked } from './row-cells.js';
import { itemNumbers, linkSameItems, sharedItem } from './same-item-links.js';

// Every page here is written for the test (fourteenth session: links of one row to the same item).
const TOPICS = ['Which tent for a week in the hills', 'Repairing a broken zip on a rucksack', 'Best maps for the northern coast path', 'Boots that stay dry in the bog', 'Wild camping rules in the national park', 'Stove fuel on long walks in winter', 'First aid kit: what do you carry', 'Walking poles worth the weight or not'];
const POSTERS = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay', 'gil', 'hal'];

/**
 * A forum board on an old board script: each row links its thread by the title (the script's read
 * action) and again by the last post (the thread's static page and a place in it, under the board's
 * own address), and links the starter's profile.
 */
const board = (): string =>
  `<table class="threads"><tbody>${TOPICS.map(
    (topic, n) => `<tr><td><a href="javascript:void(0)" onmouseover="preview(${n})"><img src="/i/folder.gif" alt=""></a></td>
      <td><font><a href="/cgi-bin/board.cgi?az=read_count&amp;om=${35200 + n * 7}&amp;forum=walks"><b>${topic}</b></a></font></td>
      <td><font>0${n + 1}.05.21<br><a href="/cgi-bin/board.cgi?az=user_profiles&amp;user=${POSTERS[(n + 3) % 8]}">${POSTERS[(n + 3) % 8]}</a></font></td>
      <td><font>0${n + 2}.05.21 <br><a href="/forum/walks/${35200 + n * 7}.shtml#${n + 4}">by ${POSTERS[n]}</a></font></td><td>${n * 3 + 2}</td></tr>`,
  ).join('')}</tbody></table>`;

const TEAMS = ['Northern Lights', 'Harbour Cats', 'Blue Comets', 'Iron Wolves', 'Red Kites', 'Stone Giants'];

/**
 * A ranking: each row's name is text; its only links, side by side in a "more" box, are the team's
 * page and the ranking's details page for the team (below the ranking's own address).
 */
const ranking = (): string =>
  `<div class="ranking">${TEAMS.map(
    (team, n) => `<div class="ranked"><span class="position">#${n + 1}</span><span class="name">${team}</span><span class="points">${900 - n * 40} points</span>
      <div class="more"><a class="more" href="/team/${7100 + n * 13}/${team.toLowerCase().replace(' ', '-')}">Team profile page</a><a class="more details" href="/ranking/2026/july/details/${7100 + n * 13}">Ranking details</a></div></div>`,
  ).join('')}</div>`;

async function extract(body: string, sameItemLinks?: boolean, url = 'https://example.test/cgi-bin/board.cgi?az=list&forum=walks') {
  const options = sameItemLinks === undefined ? {} : { sameItemLinks };
  return createAutoSource(options).extract(page(`<!doctype html><html><body><main>${body}</main></body></html>`, url), context());
}

describe('itemNumbers / sharedItem / linkSameItems', () => {
  it('reads the runs of four digits or more outside the host and the fragment', () => {
    expect(itemNumbers('https://forum.example.test:8080/f/268641.shtml#18')).toEqual(['268641']);
    expect(itemNumbers('https://example.test/view/20180629n03310?stamp=1530225184')).toEqual(['20180629', '03310', '1530225184']);
    expect(itemNumbers('https://example.test/page/2')).toEqual([]);
  });

  it('sees a thread and its last post, or a team and its details page, as the same item', () => {
    expect(sharedItem('https://example.test/showthread.php?threadid=3522091', 'https://example.test/showthread.php?goto=lastpost&threadid=3522091')).toBe('3522091');
    expect(sharedItem('https://example.test/team/9565/comets', 'https://example.test/ranking/2026/details/9565')).toBe('9565');
  });

  it('does not see two stories of one box under one cache stamp as the same item', () => {
    expect(sharedItem('https://example.test/view/20180629n03310?stamp=1530225184', 'https://example.test/view/20180629n02069?stamp=1530225184')).toBeUndefined();
    expect(sharedItem('https://example.test/about', 'https://example.test/contact')).toBeUndefined();
  });

  it('needs the shared numbers to differ from row to row (a year every row shares is no item)', () => {
    const threads = [0, 1, 2, 3].map((n) => [`https://example.test/t/${5000 + n}`, `https://example.test/t/${5000 + n}/last`] as const);
    expect(linkSameItems(threads)).toBe(true);
    const years = [0, 1, 2, 3].map((n) => [`https://example.test/2024/story-${n}`, `https://example.test/2024/`] as const);
    expect(linkSameItems(years)).toBe(false);
  });
});

describe('links of one row to the same item (sameItemLinks)', () => {
  it("makes one item per thread row, linked by the title, not by the last post", async () => {
    const { items } = await extract(board());
    expect(items.map((item) => item.url)).toEqual(TOPICS.map((_, n) => `https://example.test/cgi-bin/board.cgi?az=read_count&om=${35200 + n * 7}&forum=walks`));
    expect(items.map((item) => item.title)).toEqual(TOPICS);
  });

  it('reads a thread cell and its last-post cell as columns of one row, only with the rule', () => {
    const document = page(`<html><body>${board()}</body></html>`).document;
    const rows = findAll(document, (element) => element.name === 'tr');
    const cells: Element[] = [];
    const urls: string[] = [];
    TOPICS.forEach((_, n) => {
      const tds = findAll(rows[n]!, (element) => element.name === 'td');
      cells.push(tds[1]!, tds[3]!);
      // One program for both (so the cells do not lead to different kinds of page): the thread and its last post.
      urls.push(`https://example.test/board/showthread.php?threadid=${35200 + n * 7}`, `https://example.test/board/showthread.php?goto=lastpost&threadid=${35200 + n * 7}`);
    });
    const rowList: RowRanked = { items: rows.map((member, n) => ({ member, url: urls[n * 2]!, titleKey: TOPICS[n]! })), score: 10, features: [] };
    const cellList: RowRanked = { items: cells.map((member, index) => ({ member, url: urls[index]!, titleKey: index % 2 === 0 ? TOPICS[index / 2]! : `by ${POSTERS[(index - 1) / 2]}` })), score: 12, features: [] };
    expect(areCellsOf(rowList, cellList, { sameItemLinks: true })).toBe(true);
    expect(areCellsOf(rowList, cellList)).toBe(false);
  });

  it("gives each ranked row the team's page, not the ranking's details page", async () => {
    const url = 'https://example.test/ranking/2026/july';
    const { items } = await extract(ranking(), undefined, url);
    expect(items.map((item) => item.url)).toEqual(TEAMS.map((team, n) => `https://example.test/team/${7100 + n * 13}/${team.toLowerCase().replace(' ', '-')}`));
    const off = await extract(ranking(), false, url);
    expect(off.items.some((item) => item.url?.includes('/details/'))).toBe(true);
  });
});
