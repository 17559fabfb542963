import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { outcomeOf, page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { FEWEST_TABLE_ROWS, isDataTableList } from './article-subject.js';

const sentence = 'The season notes say where each game is played, who referees it and how tickets are sold this year. ';
const body = `<div class="intro">${Array.from({ length: 8 }, () => `<p>${sentence.repeat(4)}</p>`).join('')}</div>`;
const gameRows = (count: number) =>
  Array.from({ length: count }, (_, n) => `<tr><td>Round ${n + 1}</td><td><a href="/games/${2000 + n}/home-side-v-away-side-${n}">Home side ${n} v Away side ${n}</a></td><td>Ground ${n}</td></tr>`).join('');
const table = (count: number, header = '<thead><tr><th>Round</th><th>Game</th><th>Ground</th></tr></thead>') => `<table>${header}<tbody>${gameRows(count)}</tbody></table>`;
// A season page that reads as one article to the fitted gate (a declared article, a long body, an
// item-shaped address) whose content is a fixtures table under a header row.
const FIXTURES = `<html><head><meta property="og:type" content="article"><title>Fixtures</title></head><body>
<main><h1>The season's fixtures</h1>${body}${table(14)}</main></body></html>`;
const URL_OF_PAGE = 'https://example.test/2024/05/10/the-seasons-fixtures-and-results-page';

function rowsOf(html: string): Element[] {
  const document = page(`<!doctype html><html><body>${html}</body></html>`, URL_OF_PAGE).document;
  return findAll(document, (element) => element.name === 'tr' && element.children.some((cell) => cell.type === 'tag' && (cell as Element).name === 'td'));
}

describe('data tables kept past the article gate (thirteenth session)', () => {
  it('needs at least ten rows, half of them in a table with a header row', () => {
    expect(isDataTableList(rowsOf(table(FEWEST_TABLE_ROWS)))).toBe(true);
    expect(isDataTableList(rowsOf(table(FEWEST_TABLE_ROWS - 1)))).toBe(false);
    expect(isDataTableList(rowsOf(table(20, '')))).toBe(false);
  });

  it('keeps a fixtures table that the fitted gate alone refuses, by default', async () => {
    expect(await outcomeOf(FIXTURES, URL_OF_PAGE, { dataTableLists: false })).toBe('unsupported_surface');
    expect(await outcomeOf(FIXTURES, URL_OF_PAGE)).toBe('14 items');
  });
});
