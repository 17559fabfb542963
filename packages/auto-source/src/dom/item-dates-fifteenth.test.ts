import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, fifteenth session: dates as a person reads them, and no date from what describes
// something else; small pages of our own.

const names = ['Warehouse assistant', 'Store manager', 'Delivery driver', 'Office clerk', 'Line cook'];

describe('a Korean month/day with its weekday', () => {
  // Registration days of 2025 with their weekdays (Tuesday, Monday, Thursday, Monday, Monday).
  const posted = ['11/11(화)', '10/27(월)', '10/30(목)', '11/03(월)', '11/10(월)'];
  const wanted = ['2025-11-11', '2025-10-27', '2025-10-30', '2025-11-03', '2025-11-10'];

  it('reads "11/11(화) 등록" beside its closing day as the posting day, in the year its weekday names', async () => {
    const card = (index: number): string =>
      `<li class="card"><a href="/job/${index}"><strong>${names[index]}</strong></a><div class="company">Company ${index}</div>` +
      `<div class="dates"><span>${posted[index]} 등록</span><span>•</span><span>12/1${index}(목) 마감</span></div></li>`;
    const items = await itemsOf(`<ul>${names.map((_, index) => card(index)).join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(names);
    expect(items.map((item) => item.day)).toEqual(wanted);
  });

  it('gives no date from a closing day alone ("12/11(목) 마감")', async () => {
    const card = (index: number): string =>
      `<li class="card"><a href="/job/${index}"><strong>${names[index]}</strong></a><div class="company">Company ${index}</div>` +
      `<div class="dates"><span>12/1${index}(목) 마감</span></div></li>`;
    const items = await itemsOf(`<ul>${names.map((_, index) => card(index)).join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(names);
    expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
  });
});
