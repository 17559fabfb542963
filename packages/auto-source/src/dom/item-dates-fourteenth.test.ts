import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, fourteenth session: which of a card's labelled dates is the item's; small pages of our own.

const names = ['The Quiet Harbour', 'A Year of Small Gardens', 'Letters from the Coast', 'The Clockmaker', 'Winter on the Plain'];
const published = ['Feb 25, 1937', 'Mar 3, 1951', '1862', 'Nov 04, 2009', 'Jun 1, 1988'];

/** A reading list's row: the book's publication (hidden, as shelves print it), the day read and the day added. */
function shelfRow(index: number): string {
  return (
    `<tr class="entry"><td class="cover"><a href="/book/${index}"><img src="/c${index}.jpg" alt=""></a></td>` +
    `<td class="title"><label>title</label><div><a href="/book/${index}">${names[index]}</a></div></td>` +
    `<td class="author"><label>author</label><div><a href="/author/${index}">Writer ${index}</a></div></td>` +
    `<td class="pub" style="display: none"><label>date pub</label><div>${published[index]}</div></td>` +
    `<td class="read"><label>date read</label><div>Aug 0${index + 1}, 2021</div></td>` +
    `<td class="added"><label>date added</label><div><span title="May 1${index}, 2021">May 1${index}, 2021</span></div></td></tr>`
  );
}

describe('the date labelled as the entry\'s addition', () => {
  it('with addedDates, takes a shelf row\'s "date added" over the book\'s publication and the day read', async () => {
    const body = `<table><tbody>${names.map((_, index) => shelfRow(index)).join('')}</tbody></table>`;
    const items = await itemsOf(body, { addedDates: true });
    expect(items.map((item) => item.title)).toEqual(names);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2021-05-1${index}`));
    // Off by default (it moves fewer repositories than a rule needs): the first date of the row stays.
    expect((await itemsOf(body)).map((item) => item.day)).not.toContain('2021-05-10');
  });

  it('with addedDates, leaves a card whose labelled date is its only date as it was', async () => {
    const card = (index: number): string =>
      `<article><h2><a href="/post/${index}">${names[index]}</a></h2><p>Posted on March ${index + 3}, 2020</p><p>Some words about post ${index}.</p></article>`;
    const body = `<main>${names.map((_, index) => card(index)).join('')}</main>`;
    const days = names.map((_, index) => `2020-03-0${index + 3}`);
    expect((await itemsOf(body, { addedDates: true })).map((item) => item.day)).toEqual(days);
    expect((await itemsOf(body)).map((item) => item.day)).toEqual(days);
  });
});

describe('shipping periods are no item dates', () => {
  it('gives no date from a free-shipping period in a shop\'s offer row', async () => {
    const row = (index: number): string =>
      `<tr class="item"><td><strong>${index + 1},980円</strong></td><td><a href="/offer/${index}"><h2>${names[index]}</h2></a></td>` +
      `<td><ul><li>1日〜8日以内に発送します</li><li><div>6/2${index} ～ 6/2${index + 1}【999円以上】送料無料</div><div>2025/06/2${index} 00:00 ～ 2025/06/2${index + 1} 23:59</div></li></ul></td></tr>`;
    const items = await itemsOf(`<table>${names.map((_, index) => row(index)).join('')}</table>`);
    expect(items.map((item) => item.title)).toEqual(names);
    expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
  });
});

describe('dates written as a person reads them', () => {
  it('reads a day heading that counts its entries in brackets', async () => {
    const entry = (index: number): string =>
      `<dt><a href="/abs/${index}">[${index + 1}]</a></dt><dd><div class="title"><a href="/abs/${index}">${names[index]}</a></div><div class="authors">Author ${index}, Author ${index + 1}</div></dd>`;
    const body = `<dl><h3>Fri, 22 Nov 2024 (showing 3 of 3 entries )</h3>${[0, 1, 2].map(entry).join('')}<h3>Thu, 21 Nov 2024 (showing 2 of 2 entries )</h3>${[3, 4].map(entry).join('')}</dl>`;
    const items = await itemsOf(body);
    expect(items.map((item) => item.day)).toEqual(['2024-11-22', '2024-11-22', '2024-11-22', '2024-11-21', '2024-11-21']);
  });

  it('reads an unpadded year.month.day as the whole text of a date cell, not inside a sentence', async () => {
    const notice = (index: number): string =>
      `<dl class="notice"><dd class="when">2018.2.${7 - index}</dd><dd class="office">Office ${index}</dd>` +
      `<dd class="text"><a href="/files/${index}.pdf">${names[index]}</a><p>Works on the 13th; see version 2019.3.${index} of the plan.</p></dd></dl>`;
    const items = await itemsOf(`<main>${names.map((_, index) => notice(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2018-02-0${7 - index}`));
  });
});

describe('dates in preformatted text', () => {
  it('with preformattedLines, reads the date on the line before a link in a <pre> table', async () => {
    const days = ['22 Sep 04', '29 Sep 04', '06 Oct 04', '13 Oct 04', '20 Oct 04'];
    const lines = names.map((name, index) => `${index + 1}.   1-${index + 1}    ${days[index]}   <a href="/episodes/${index}">${name}</a>`);
    const body = `<div id="list"><pre>\n Episode  Air date   Title\n\nSeason 1\n\n${lines.join('\n')}\n</pre></div>`;
    const items = await itemsOf(body, { preformattedLines: true });
    expect(items.map((item) => item.title)).toEqual(names);
    expect(items.map((item) => item.day)).toEqual(['2004-09-22', '2004-09-29', '2004-10-06', '2004-10-13', '2004-10-20']);
    // Off by default (it moves one repository of the development pages): no date.
    expect((await itemsOf(body)).map((item) => item.day)).toEqual(names.map(() => undefined));
  });

  it('reads "12/Nov/96" with slashes around the month word in a date cell', async () => {
    const days = ['12/Nov/96', '19/Nov/96', '26/Nov/96', '03/Dec/96', '10/Dec/96'];
    const rows = names.map((name, index) => `<tr><td>${index + 1}</td><td>${days[index]}</td><td><a href="/episodes/${index}">${name}</a></td></tr>`);
    const items = await itemsOf(`<table>${rows.join('')}</table>`);
    expect(items.map((item) => item.day)).toEqual(['1996-11-12', '1996-11-19', '1996-11-26', '1996-12-03', '1996-12-10']);
  });
});

describe('the year of a year-less date', () => {
  it("takes it from the tooltip of the element that shows the date, in a date-classed span", async () => {
    const days = ['aug 1', 'jul 30', 'jul 28', 'jun 2', 'may 9'];
    const stamps = ['2012-08-01 11:17:27Z', '2012-07-30 09:00:00Z', '2012-07-28 18:30:00Z', '2012-06-02 08:15:00Z', '2012-05-09 22:05:00Z'];
    const card = (index: number): string =>
      `<div class="question"><h3><a href="/questions/${index}">${names[index]}</a></h3><p>An excerpt of question ${index}.</p>` +
      `<div class="started">asked <span title="${stamps[index]}" class="relativetime">${days[index]}</span> by <a href="/users/${index}">user${index}</a></div></div>`;
    const items = await itemsOf(`<main>${names.map((_, index) => card(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2012-08-01', '2012-07-30', '2012-07-28', '2012-06-02', '2012-05-09']);
  });
});
