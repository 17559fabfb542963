import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';
import { dataTooltipDate } from './data-tooltips.js';

// Issue 17, ninth session: item-date shapes written as small pages of our own (the build clock of
// these tests is 2026-11-26).

const words = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

describe('a date a script shows as a tooltip (data-* attribute text)', () => {
  const post = (index: number, attribute: string): string =>
    `<div class="post"><ul class="meta"><li><a href="/u/${index}">user${index}</a></li><li><span ${attribute}>${index + 2}h</span></li></ul>` +
    `<h5><a href="/post/${index}">${words[index]} thread about the new season</a></h5><p>${index + 3} comments</p></div>`;

  it('dates rows whose age is relative by the full date in the tooltip text', async () => {
    const days = ['Friday, June 23, 2023 6:13 PM', 'Thursday, June 22, 2023 2:05 PM', 'Wednesday, June 21, 2023 9:40 AM', 'Tuesday, June 20, 2023 11:00 PM'];
    const items = await itemsOf(`<main>${days.map((day, index) => post(index, `data-tippy-content="${day}"`)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2023-06-23', '2023-06-22', '2023-06-21', '2023-06-20']);
  });

  it('does not read an attribute named for an end, an expiry or an edit, nor a machine value', () => {
    expect(dataTooltipDate('data-original-title', '留言時間 2017-11-09 12:13:29')).toBe('留言時間 2017-11-09 12:13:29');
    expect(dataTooltipDate('data-tooltip', 'April 9, 2025 at 3:25 PM')).toBe('April 9, 2025 at 3:25 PM');
    expect(dataTooltipDate('data-available-until', 'Friday, June 23, 2023')).toBeUndefined();
    expect(dataTooltipDate('data-edited-tooltip', 'Edited Friday, June 23, 2023')).toBeUndefined();
    expect(dataTooltipDate('data-start', '2017-01-01 00:00:00')).toBeUndefined();
    expect(dataTooltipDate('data-logged', '2025-11-06 00:44:10 UTC')).toBeUndefined();
    expect(dataTooltipDate('data-logged', '2025-11-06T00:44:10 CEST')).toBeUndefined();
    expect(dataTooltipDate('data-tooltip', 'Friday at 6:13 PM')).toBeUndefined();
    expect(dataTooltipDate('data-description', 'A long synopsis of the episode that mentions June 23, 2023 in passing among many other words')).toBeUndefined();
  });

  it('leaves rows undated when the tooltip holds no year', async () => {
    const items = await itemsOf(`<main>${[0, 1, 2].map((index) => post(index, 'data-tippy-content="Friday 6:13 PM"')).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual([undefined, undefined, undefined]);
  });
});
