import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { MAX_GROUP_MEMBERS } from './collect.js';

// The page is written for the test: a meeting archive larger than a list keeps, one row per
// meeting (its name, date and length as text, its agenda, minutes and video as links).
const ROWS = 450;
const CELLS_PER_ROW = 6;

const archive = (): string =>
  `<table id="archive"><tbody>${Array.from({ length: ROWS }, (_, n) => `<tr><td>Council meeting ${n}</td><td>March ${(n % 28) + 1}, ${2000 + Math.floor(n / 28)}</td><td>1h 20m</td>
      <td><a href="/viewer.php?clip=${n}">Agenda</a></td><td><a href="/minutes/${n}.pdf">Minutes</a></td>
      <td><a href="/media/${n}.mp4">Video</a></td></tr>`).join('')}</tbody></table>`;

async function extract(cappedCells?: boolean) {
  const options = cappedCells === undefined ? {} : { cappedCells };
  return createAutoSource(options).extract(page(`<!doctype html><html><body><main>${archive()}</main></body></html>`), context());
}

describe('rows over cells cut at the member limit (cappedCells)', () => {
  it('writes a table with more cells than a list keeps', () => {
    expect(ROWS * CELLS_PER_ROW).toBeGreaterThan(MAX_GROUP_MEMBERS);
    expect(ROWS).toBeLessThan(MAX_GROUP_MEMBERS);
  });

  it('makes one item per meeting row when on', async () => {
    const { items, diagnostics } = await extract(true);
    expect(items).toHaveLength(ROWS);
    expect(items.map((item) => item.url)).toEqual(Array.from({ length: ROWS }, (_, n) => `https://example.test/viewer.php?clip=${n}`));
    expect(diagnostics.candidates[0]?.features.map((feature) => feature.name)).toContain('rowsOfCells');
  });

  it('is off by default: the cut cells, several per row, stay the items', async () => {
    const { items, diagnostics } = await extract();
    expect(items.length).toBeGreaterThan(ROWS);
    expect(items.some((item) => item.url?.endsWith('.pdf'))).toBe(true);
    expect(diagnostics.candidates[0]?.features.map((feature) => feature.name)).not.toContain('rowsOfCells');
  });
});
