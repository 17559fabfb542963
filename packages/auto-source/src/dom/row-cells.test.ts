import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { areCellsOf, preferRowsOverCells, targetKind, type RowRanked } from './row-cells.js';

// Every page here is written for the test.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September'];

/** A meeting archive: the meeting's name and date are text, each row links its documents. */
const meetings = (rows = 9): string =>
  `<table id="archive"><tbody>${MONTHS.slice(0, rows)
    .map((month, n) => `<tr><td>Board meeting</td><td>${month} ${n + 3}, 2022</td>
      <td><a href="/viewer.php?clip=${n}">Agenda</a></td><td><a href="/minutes/${n}.pdf">Minutes</a></td>
      <td><a href="/media/${n}.mp4">Video</a></td></tr>`)
    .join('')}</tbody></table>`;

/** A product grid laid out as a table: three products per row, each with its own page. */
const grid = (): string =>
  `<table class="grid"><tbody>${[0, 1, 2, 3, 4, 5]
    .map((row) => `<tr>${[0, 1, 2]
      .map((col) => `<td><a href="/shop/item-${row * 3 + col}.html"><img src="/p/${row * 3 + col}.jpg" alt=""> Walking boot model ${row * 3 + col} in leather</a><span>${20 + col} EUR</span></td>`)
      .join('')}</tr>`)
    .join('')}</tbody></table>`;

/** A concert calendar (bands on tour play several dates): the bill is one link per artist, the venue a link, the concert page an icon-only link. */
const concerts = (): string =>
  `<table class="events"><tbody>${[0, 1, 2, 3, 4, 5, 6, 7]
    .map((n) => `<tr><td class="date">${n + 1}/12</td>
      <td class="bill"><span><a href="/artist/band-${n % 3}">Band ${n % 3}</a>${n % 2 === 0 ? `, <a href="/artist/guest-${n % 2}">Guest ${n % 2}</a>` : ''}</span></td>
      <td class="venue"><a href="/venue/hall-${n % 3}">Hall ${n % 3}</a></td>
      <td class="info"><a href="/concert/show-${n}" title="More information"><i class="icon-plus"></i></a></td></tr>`)
    .join('')}</tbody></table>`;

async function extract(body: string, rowsOverCells = true) {
  return createAutoSource({ rowsOverCells }).extract(page(`<!doctype html><html><body><main>${body}</main></body></html>`), context());
}

describe('rows whose cells outscore them', () => {
  it('makes one item per meeting row, not one per document link', async () => {
    const { items, diagnostics } = await extract(meetings());
    expect(items).toHaveLength(9);
    expect(items.map((item) => item.url)).toEqual(MONTHS.map((_, n) => `https://example.test/viewer.php?clip=${n}`));
    expect(diagnostics.candidates[0]?.features.map((feature) => feature.name)).toContain('rowsOfCells');
  });

  it('is on by default and can be switched off (then the document links stay the items)', async () => {
    expect((await createAutoSource().extract(page(`<!doctype html><html><body><main>${meetings()}</main></body></html>`), context())).items).toHaveLength(9);
    const { items, diagnostics } = await extract(meetings(), false);
    expect(items.length).toBeGreaterThan(9);
    expect(diagnostics.candidates[0]?.features.map((feature) => feature.name)).not.toContain('rowsOfCells');
  });

  it('keeps the products of a grid laid out in table rows as the items', async () => {
    const { items } = await extract(grid());
    expect(items).toHaveLength(18);
    expect(items[4]?.url).toBe('https://example.test/shop/item-4.html');
  });

  it("takes the row's own page, not the first of several performer links side by side", async () => {
    const { items } = await extract(concerts());
    expect(items).toHaveLength(8);
    expect(items.map((item) => item.url)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => `https://example.test/concert/show-${n}`));
  });
});

const entry = (members: Element[], score: number, urlOf: (index: number) => string | undefined, titleOf: (index: number) => string): RowRanked => ({
  items: members.map((member, index) => ({ member, url: urlOf(index), titleKey: titleOf(index) })),
  score,
  features: [],
});

describe('areCellsOf / preferRowsOverCells', () => {
  const document = page(`<html><body>${meetings()}</body></html>`).document;
  const rows = findAll(document, (element) => element.name === 'tr');
  const cells = findAll(document, (element) => element.name === 'td' && element.children.some((child) => (child as Element).name === 'a'));
  const labels = ['agenda', 'minutes', 'video'];
  const rowList = (score: number) => entry(rows, score, (index) => `https://example.test/viewer.php?clip=${index}`, (index) => `meeting ${index}`);
  const cellList = (score: number, titleOf = (index: number) => labels[index % 3]!) => entry(cells, score, (index) => `https://example.test/doc/${index}`, titleOf);

  it('reads cells with repeated labels, alike rows and a URL per row as cells of the rows', () => {
    expect(areCellsOf(rowList(14), cellList(21))).toBe(true);
    const [first] = preferRowsOverCells([cellList(21), rowList(14)]);
    expect(first?.items).toHaveLength(9);
    expect(first?.features.at(-1)?.name).toBe('rowsOfCells');
  });

  it('leaves cells with titles of their own that lead to pages of one kind (a grid, a block of entries)', () => {
    expect(areCellsOf(rowList(14), cellList(21, (index) => `entry number ${index}`))).toBe(false);
  });

  it('refuses rows that repeat their URL, too few rows, and rows far below the cells', () => {
    expect(areCellsOf(entry(rows, 14, () => 'https://example.test/same', (index) => `m ${index}`), cellList(21))).toBe(false);
    expect(areCellsOf(entry(rows.slice(0, 4), 14, (index) => `https://example.test/m/${index}`, (index) => `m ${index}`), cellList(21))).toBe(false);
    const ranked = [cellList(30), rowList(14)];
    expect(preferRowsOverCells(ranked)[0]).toBe(ranked[0]);
  });

  it('tells kinds of target apart by first folder, program name and file type', () => {
    expect(targetKind('https://a.test/artist/x')).not.toBe(targetKind('https://a.test/venue/y'));
    expect(targetKind('https://a.test/news/1')).toBe(targetKind('https://a.test/news/2'));
    expect(targetKind('https://a.test/2021/05/post')).toBe(targetKind('https://a.test/2022/11/other'));
    expect(targetKind('https://a.test/profile.php?u=1')).not.toBe(targetKind('https://a.test/topic.php?t=1'));
    expect(targetKind('https://a.test/docs/a.pdf')).not.toBe(targetKind('https://a.test/docs/a'));
  });
});
