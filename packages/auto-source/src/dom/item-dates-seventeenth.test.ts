import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, seventeenth session: an age whose element holds the absolute time, a month heading's
// year for a card's own year-less date, closing dates labelled in Korean, Japanese and Chinese
// beside the posting date, an ordinal day before the month; small pages of our own.

const questions = ['How to sort columns?', 'Cannot open relation file', 'Local server refuses connections', 'Dictionary for text search', 'Why does the cache grow?'];

describe('a question list whose ages hold the absolute time in a tooltip', () => {
  const hours = [3, 6, 8, 9, 10];
  const list = (age: (index: number) => string): string =>
    `<div class="questions">${questions.map((question, index) =>
      `<div class="question-summary"><div class="stats"><strong>${index}</strong> answers</div>` +
      `<h3><a href="/questions/${100 + index}/q">${question}</a></h3><div class="excerpt">Some text of the question ${index}.</div>` +
      `<div class="user-info">${age(index)}<a href="/users/${index}">user${index}</a></div></div>`).join('')}</div>`;

  it('reads "asked <span title=…>3 hours ago</span>" as the day of the title, not as an age counted from today', async () => {
    const items = await itemsOf(list((index) => `<div class="user-action-time">asked <span title="2014-01-21 ${10 + index}:53:17Z" class="relativetime">${hours[index]} hours ago</span></div>`));
    expect(items.map((item) => item.title)).toEqual(questions);
    expect(items.map((item) => item.day)).toEqual(questions.map(() => '2014-01-21'));
  });

  it('reads an age element whose whole text is the age the same way, and keeps an age without a tooltip', async () => {
    const withTooltip = await itemsOf(list((index) => `<span class="relativetime" title="2013-10-2${index} 17:45:49Z">${index + 1} days ago</span>`));
    expect(withTooltip.map((item) => item.day)).toEqual(questions.map((_, index) => `2013-10-2${index}`));
    // No absolute time behind the age: it is read against the day the feed is built (2026-11-26 in tests).
    const bare = await itemsOf(list((index) => `<span class="relativetime">${index + 1} days ago</span>`));
    expect(bare.map((item) => item.day)).toEqual(questions.map((_, index) => `2026-11-${String(25 - index).padStart(2, '0')}`));
  });
});

describe('an events list under month headings', () => {
  const events = ['Technical Committee', 'Roadside Vegetation Control', 'Board of Directors', 'Planning Forum', 'Curves on Local Roads'];
  const days = [['March', 19], ['March', 27], ['March', 30], ['April', 13], ['April', 15]] as const;

  it('gives a card\'s year-less date badge the year of the month heading above it, not the page\'s copyright year', async () => {
    const card = (index: number): string =>
      `<div class="event"><div class="event-date"><span class="date">${days[index]![0]} ${days[index]![1]} 10:00 AM</span></div>` +
      `<h3><a href="/events/${index}/">${events[index]}</a></h3><p class="place">Conference room ${index}</p></div>`;
    const body =
      `<div class="events"><h2>Mar 2020</h2>${[0, 1, 2].map(card).join('')}<h2>Apr 2020</h2>${[3, 4].map(card).join('')}</div>` +
      '<footer><p>Copyright © 2019 The Commission. All rights reserved.</p></footer>';
    const items = await itemsOf(body);
    expect(items.map((item) => item.title)).toEqual(events);
    expect(items.map((item) => item.day)).toEqual(['2020-03-19', '2020-03-27', '2020-03-30', '2020-04-13', '2020-04-15']);
  });
});

describe('job rows that show a closing date above the posting date', () => {
  const jobs = ['Survey assistant', 'Care worker', 'Nursing assistant', 'Office assistant', 'Warehouse clerk'];
  const table = (dates: (index: number) => string): string =>
    `<ul class="jobs">${jobs.map((job, index) =>
      `<li class="job"><div class="company">Company ${index}</div><h3><a href="/jobs/${index}">${job}</a></h3>` +
      `<p class="terms">Full time, monthly pay, city ${index}</p><div class="dates">${dates(index)}</div></li>`).join('')}</ul>`;

  it('takes the Korean registration date ("등록일"), not the closing date ("마감일")', async () => {
    const items = await itemsOf(table((index) => `<p class="s1">마감일 : 2026-04-0${index + 1}</p><p class="s1">등록일 : 2026-03-1${index}</p>`));
    expect(items.map((item) => item.title)).toEqual(jobs);
    expect(items.map((item) => item.day)).toEqual(jobs.map((_, index) => `2026-03-1${index}`));
  });

  it('does the same for the Japanese "締切日" and the Chinese "截止日期" labels', async () => {
    const japanese = await itemsOf(table((index) => `<p>締切日：2026年4月${index + 1}日</p><p>掲載日：2026年3月1${index}日</p>`));
    expect(japanese.map((item) => item.day)).toEqual(jobs.map((_, index) => `2026-03-1${index}`));
    const chinese = await itemsOf(table((index) => `<p>截止日期：2026-04-0${index + 1}</p><p>发布日期：2026-03-1${index}</p>`));
    expect(chinese.map((item) => item.day)).toEqual(jobs.map((_, index) => `2026-03-1${index}`));
  });

  it('still gives no date from a shipping campaign\'s period under its sentence ("… 送料無料")', async () => {
    const offers = ['Used, rank A', 'Used, rank B', 'Used, case worn', 'Used, disc scratched', 'Used, no booklet'];
    const cards = offers.map((offer, index) =>
      `<div class="offer"><h3><a href="/offer/${index}">${offer}</a></h3><p class="price">${1000 + index} 円</p>` +
      `<ul><li>1日〜8日以内に発送</li><li><div>6/2${index} ～ 6/22【999円以上】送料無料</div><div>2025/06/2${index} 00:00 ～ 2025/06/22 23:59</div></li></ul></div>`).join('');
    const items = await itemsOf(`<div class="offers">${cards}</div>`);
    expect(items.map((item) => item.title)).toEqual(offers);
    expect(items.map((item) => item.day)).toEqual(offers.map(() => undefined));
  });

  it('gives no date when the closing date is the only one shown', async () => {
    const items = await itemsOf(table((index) => `<p class="s1">마감일 : 2026-04-0${index + 1}</p>`));
    expect(items.map((item) => item.day)).toEqual(jobs.map(() => undefined));
  });
});

describe('an ordinal day before the month', () => {
  const shows = ['Comedy Club', 'An Old Man With Wings', 'Carol Concert', 'The Grey Dawn', 'Mini Party'];

  it('reads "Sat 19th November - Sun 29th January" as its first day, in the year of the list\'s other dates', async () => {
    const whens = ['Tue 20th Dec, 2011', 'Sat 19th November - Sun 29th January', 'Tue 20th Dec, 2011, 7.30pm', 'Wed 21st Dec, 2011', 'Thu 22nd Dec, 2011'];
    const cards = shows.map((show, index) =>
      `<div class="listing"><blockquote><h3><a href="/event/${index}">${show}</a></h3><p><span class="venue">Theatre ${index}, 14 Passage Street, London N1 2DN</span><br>${whens[index]}</p></blockquote></div>`).join('');
    const items = await itemsOf(`<div class="results">${cards}</div>`);
    expect(items.map((item) => item.title)).toEqual(shows);
    expect(items.map((item) => item.day)).toEqual(['2011-12-20', '2011-11-19', '2011-12-20', '2011-12-21', '2011-12-22']);
  });
});
