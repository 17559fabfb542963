import { describe, expect, it } from 'vitest';
import { TEST_NOW, itemsOf } from '../test-support/helpers.js';
import { completeYearsByWeekday } from './weekday-years.js';

// Issue 17, fifth session: years for dates shown without one — from a year element of the card,
// and from the weekdays of a whole list.

describe('a year written in an element of its own in the card', () => {
  it('completes a month/day badge with the year beside it', async () => {
    const days = ['07/14', '07/13', '07/08', '06/30', '06/21'];
    const entries = days.map((day, index) => `<div class="article"><dl><dt><div class="year">2016</div><div class="date">${day}</div></dt><dd><h4><a href="/news/${index}">News headline number ${index}</a></h4><a href="/news/${index}">Read on</a></dd></dl></div>`);
    const items = await itemsOf(`<div class="news">${entries.join('')}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2016-07-14', '2016-07-13', '2016-07-08', '2016-06-30', '2016-06-21']);
  });

  it('takes no year when the card writes two different ones', async () => {
    const entries = [0, 1, 2, 3, 4].map((index) => `<li class="entry"><span class="date">Mar ${index + 3}</span> <a href="/p/${index}">Headline ${index} of the list</a> <span>2019</span> <span>2021</span></li>`);
    const items = await itemsOf(`<ul>${entries.join('')}</ul>`);
    expect(items.every((item) => item.day === undefined || !item.day.startsWith('2019') && !item.day.startsWith('2021'))).toBe(true);
  });
});

describe('the year a whole list of weekday dates shares', () => {
  it('takes the latest year in which every date falls on its weekday, when none is near the reference', () => {
    const drafts = [{ published_at: 'Apr 22 Mon' }, { published_at: 'Apr 23 Tue' }, { published_at: 'Apr 29 Mon' }, { published_at: 'May 21 Tue' }];
    completeYearsByWeekday(drafts, TEST_NOW, TEST_NOW);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2024-04-22', '2024-04-23', '2024-04-29', '2024-05-21']);
  });

  it('leaves the dates alone when their weekdays agree on no year, or when fewer than three are left', () => {
    const clash = [{ published_at: 'Apr 22 Mon' }, { published_at: 'Apr 23 Mon' }, { published_at: 'Apr 29 Mon' }];
    completeYearsByWeekday(clash, TEST_NOW, TEST_NOW);
    expect(clash.map((draft) => draft.published_at)).toEqual(['Apr 22 Mon', 'Apr 23 Mon', 'Apr 29 Mon']);
    const two = [{ published_at: 'Apr 22 Mon' }, { published_at: 'Apr 23 Tue' }];
    completeYearsByWeekday(two, TEST_NOW, TEST_NOW);
    expect(two[0]!.published_at).toBe('Apr 22 Mon');
  });
});
