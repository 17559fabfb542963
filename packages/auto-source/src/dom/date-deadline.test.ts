import { describe, expect, it } from 'vitest';
import { itemsOf, page } from '../test-support/helpers.js';
import { attribute, findFirst } from '../util/dom.js';
import { findItemDate } from './item-date.js';
import { columnRole, isDeadline } from './date-deadline.js';

// Issue 17, fourth session, late: a deadline (applications close, an offer expires) is not an
// item's date. Small pages of our own: job tables, cards, microdata.

const TITLES = ['Postdoc in Alpha', 'Lecturer in Bravo', 'Engineer for Charlie', 'Professor of Delta', 'Technician in Echo'];

function documentOf(html: string) {
  return page(`<!doctype html><html><body>${html}</body></html>`).document;
}

/** A job table with the given header cells and, per row, the title cell followed by `cells(i)`. */
function jobTable(headers: string[], cells: (i: number) => string[]): string {
  const head = `<thead><tr>${headers.map((h) => `<th>${h}</th>`).join('')}</tr></thead>`;
  const rows = TITLES.map((title, i) => `<tr><td><a href="/jobs/${i + 1}">${title}</a></td>${cells(i).map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  return `<main><h1>Vacancies</h1><table>${head}<tbody>${rows}</tbody></table></main>`;
}

describe('a table column headed as a deadline', () => {
  it('dates each job by its "Published" column, not its "Deadline" column', async () => {
    // The deadline column comes first: the reader must skip it, not just take the first date.
    const html = jobTable(['Position', 'Last application date', 'Published'], (i) => [`2025-12-1${i}`, `2025-11-0${i + 1}`]);
    const items = await itemsOf(html);
    expect(items.map((item) => item.title)).toEqual(TITLES);
    expect(items.map((item) => item.day)).toEqual(['2025-11-01', '2025-11-02', '2025-11-03', '2025-11-04', '2025-11-05']);
  });

  it('gives no date when the only date column is a deadline, in Swedish, German, French, Dutch, Finnish and Spanish', async () => {
    for (const header of ['Sista ansökningsdag', 'Bewerbungsfrist', 'Date limite', 'Sluitingsdatum', 'Hakuaika päättyy', 'Fecha límite', 'Apply by', 'Published to']) {
      const items = await itemsOf(jobTable(['Befattning', 'Ort', header], (i) => ['Umeå', `2025-12-1${i}`]));
      expect(items.map((item) => item.title), header).toEqual(TITLES);
      expect(items.map((item) => item.day), header).toEqual([undefined, undefined, undefined, undefined, undefined]);
    }
  });

  it('keeps a date column whose header names no deadline', async () => {
    const items = await itemsOf(jobTable(['Title', 'City', 'Date'], (i) => ['Lund', `2025-12-1${i}`]));
    expect(items.map((item) => item.day)).toEqual(['2025-12-10', '2025-12-11', '2025-12-12', '2025-12-13', '2025-12-14']);
  });

  it('maps columns by index, counting colspan, from the first row of <th> when there is no <thead>', () => {
    const document = documentOf('<table><tr><th colspan="2">Job</th><th>Closing date</th></tr><tr><td>1</td><td><a href="/j">A</a></td><td data-cell>3 May 2025</td></tr></table>');
    const cell = findFirst(document, (element) => attribute(element, 'data-cell') !== undefined)!;
    expect(columnRole(cell)).toBe('deadline');
    const first = findFirst(document, (element) => element.name === 'td')!;
    expect(columnRole(first)).toBe('other');
  });
});

describe('a label, class or itemprop that marks a deadline', () => {
  it('reads a card\'s "Apply by" date as no date, and its "Posted" date as the item\'s', () => {
    const only = documentOf('<div data-member><h3><a href="/j/1">Data engineer</a></h3><p>Stockholm</p><p><span>Apply by</span> <span>12 December 2025</span></p></div>');
    const member = findFirst(only, (element) => attribute(element, 'data-member') !== undefined)!;
    expect(findItemDate(member, 'Data engineer')).toBeUndefined();
    const both = documentOf('<div data-member><h3><a href="/j/1">Data engineer</a></h3><p><span>Ansök senast</span> <span>12 december 2025</span></p><p>Posted 3 November 2025</p></div>');
    const card = findFirst(both, (element) => attribute(element, 'data-member') !== undefined)!;
    expect(findItemDate(card, 'Data engineer')).toBe('Posted 3 November 2025');
  });

  it('reads a <dt>Deadline</dt><dd>…</dd> pair and a deadline-classed span as deadlines', () => {
    const document = documentOf('<div data-member><a href="/j/1">Data engineer</a><dl><dt>Deadline</dt><dd data-dd>2025-12-12</dd></dl><span class="closing-date" data-span>2025-12-13</span><span data-plain>2025-11-01</span></div>');
    const member = findFirst(document, (element) => attribute(element, 'data-member') !== undefined)!;
    const pick = (name: string) => findFirst(document, (element) => attribute(element, name) !== undefined)!;
    expect(isDeadline(pick('data-dd'), member)).toBe(true);
    expect(isDeadline(pick('data-span'), member)).toBe(true);
    expect(isDeadline(pick('data-plain'), member)).toBe(false);
    expect(findItemDate(member, 'Data engineer')).toBe('2025-11-01');
  });

  it('takes a JobPosting\'s datePosted and leaves its validThrough', () => {
    const card = (i: number) => `<li itemscope itemtype="https://schema.org/JobPosting"><a href="/jobs/${i + 1}" itemprop="url"><span itemprop="title">${TITLES[i]}</span></a>`
      + `<meta itemprop="validThrough" content="2025-12-2${i}"><meta itemprop="datePosted" content="2025-10-1${i}"><span>Stockholm</span></li>`;
    const document = documentOf(`<ul>${card(0)}</ul>`);
    const member = findFirst(document, (element) => element.name === 'li')!;
    expect(findItemDate(member, TITLES[0]!)).toBe('2025-10-10');
    const only = documentOf('<ul><li><a href="/jobs/1">Job</a><meta itemprop="validThrough" content="2025-12-20"></li></ul>');
    const valid = findFirst(only, (element) => element.name === 'meta')!;
    expect(isDeadline(valid, findFirst(only, (element) => element.name === 'li')!)).toBe(true);
  });

  it('does not take a heading that speaks of a deadline as the label of the date after it', () => {
    const document = documentOf('<article data-member><h2><a href="/n/1">Tax deadline approaching</a></h2><time datetime="2025-03-01" data-time>1 March 2025</time></article>');
    const member = findFirst(document, (element) => attribute(element, 'data-member') !== undefined)!;
    const time = findFirst(document, (element) => attribute(element, 'data-time') !== undefined)!;
    expect(isDeadline(time, member)).toBe(false);
  });
});
