import { parseTime } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, memberOf, page, TEST_NOW } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { datesFromTimeOfDay, shownTime } from './time-of-day-dates.js';

// Issue 17, ninth session: rows that show only a time of day take the day their markup or the
// page's address names (pages of our own; the build clock of these tests is 2026-11-26).

const shows = ['Morning news', 'Garden hour', 'Quiz time', 'Old movie', 'Weather', 'Late show'];

async function itemsAt(body: string, url: string): Promise<{ title: string | undefined; at: string | undefined }[]> {
  const result = await createAutoSource().extract(page(`<!doctype html><html><body>${body}</body></html>`, url), context());
  return result.items.map((item) => ({
    title: item.title,
    at: typeof item.published_at === 'string' ? parseTime(item.published_at, { now: TEST_NOW })?.toISOString().slice(0, 16) : undefined,
  }));
}

/** The list step alone: `rows` (elements named `tag`) as the list's rows, drafts without dates. */
function datedRows(body: string, tag: string, url: string): (string | undefined)[] {
  const members = findAll(page(`<!doctype html><html><body>${body}</body></html>`, url).document, (element) => element.name === tag);
  const entries = members.map((member) => ({ item: { member }, draft: {} as { published_at?: string } }));
  datesFromTimeOfDay(entries, [url]);
  return entries.map((entry) => entry.draft.published_at);
}

const table = (rows: string[]): string => `<table class="schedule"><tbody>${rows.join('')}</tbody></table>`;

describe('rows that show only a time of day', () => {
  it('take the day of a path segment of their link that is a whole date without separators', async () => {
    const times = ['20:57', '20:47', '20:42', '20:30', '20:12'];
    const rows = times.map((time, index) => `<tr><td><a href="https://news.example.org/20251024/story-${index + 100}.html">${shows[index]}</a></td><td>${time}</td></tr>`);
    expect(datedRows(table(rows), 'tr', 'https://news.example.org/lenta/')).toEqual(times.map((time) => `2025-10-24T${time}`));
  });

  it("take no day from a separator-less date in a picture's cache path", async () => {
    const times = ['11:06', '11:02', '11:01', '10:58', '10:40'];
    const rows = times.map((time, index) => `<tr><td><img data-original="//img.example.org/thumb/20260703/${index}_70x50.webp"></td><td><a href="/deal/${index + 100}">${shows[index]}</a></td><td>${time}</td></tr>`);
    expect(datedRows(table(rows), 'tr', 'https://deals.example.org/hot/')).toEqual(times.map(() => undefined));
  });

  it('take no day from a long number in a link that is not a path segment of its own', async () => {
    const times = ['20:57', '20:47', '20:42', '20:30', '20:12'];
    const rows = times.map((time, index) => `<tr><td><a href="https://news.example.org/story-${index}-2025102400${index}.html">${shows[index]}</a></td><td>${time}</td></tr>`);
    expect(datedRows(table(rows), 'tr', 'https://news.example.org/lenta/')).toEqual(times.map(() => undefined));
  });

  it('take the day the page address names (a day schedule)', async () => {
    const rows = ['06:00', '07:30', '09:00', '12:15', '18:45'].map((time, index) => `<tr><td class="at">${time}</td><td><a href="/show/${index + 10}">${shows[index]}</a></td></tr>`);
    expect(datedRows(table(rows), 'tr', 'https://guide.example.org/channel/7/date/2022-05-11')).toEqual(['2022-05-11T06:00', '2022-05-11T07:30', '2022-05-11T09:00', '2022-05-11T12:15', '2022-05-11T18:45']);
  });

  it('take the day of their own link, which beats the page address (a night past midnight)', async () => {
    const days = ['2023-11-24', '2023-11-24', '2023-11-25', '2023-11-25', '2023-11-25'];
    const times = ['22:10', '23:40', '00:10', '01:05', '02:10'];
    const rows = times.map((time, index) => `<tr><td>${time}</td><td><a href="/show?id=${index}&amp;tm=${days[index]}+${time.replace(':', '%3A')}%3A00">${shows[index]}</a></td></tr>`);
    const items = await itemsAt(table(rows), 'https://guide.example.org/channel?dt=2023-11-24');
    expect(items.map((item) => item.at?.slice(0, 10))).toEqual(days);
  });

  it('take the day of a data attribute of the row whose time is the one shown', async () => {
    const rows = ['6:00 AM', '6:30 AM', '7:00 AM', '8:00 PM'].map((time, index) => {
      const hour = index === 3 ? '20' : `0${[6, 6, 7][index]}`;
      const minute = index === 1 ? '30' : '00';
      return `<div class="slot" data-listing="${index}" data-start-at="2022-10-04 ${hour}:${minute}:00" data-end-at="2022-10-05 01:00:00"><span class="time">${time}</span> <a href="/series/${index}">${shows[index]}</a></div>`;
    });
    const items = await itemsAt(`<section>${rows.join('')}</section>`, 'https://guide.example.org/station/5');
    expect(items.map((item) => item.at)).toEqual(['2022-10-04T06:00', '2022-10-04T06:30', '2022-10-04T07:00', '2022-10-04T20:00']);
  });

  it('take the day the fetched address names when the base URL names none, and none when two addresses disagree', () => {
    const rows = ['06:00', '07:30', '09:00'].map((time, index) => `<tr><td>${time}</td><td><a href="/show/${index}">${shows[index]}</a></td></tr>`);
    const members = (urls: string[]) => {
      const found = findAll(page(`<!doctype html><html><body>${table(rows)}</body></html>`, urls[0]!).document, (element) => element.name === 'tr');
      const entries = found.map((member) => ({ item: { member }, draft: {} as { published_at?: string } }));
      datesFromTimeOfDay(entries, urls);
      return entries.map((entry) => entry.draft.published_at?.slice(0, 10));
    };
    expect(members(['https://tv.example.org/', 'https://tv.example.org/missed?airtimeDate=2020-02-10'])).toEqual(['2020-02-10', '2020-02-10', '2020-02-10']);
    expect(members(['https://tv.example.org/day/2020-02-09', 'https://tv.example.org/missed?airtimeDate=2020-02-10'])).toEqual([undefined, undefined, undefined]);
  });

  it('stay undated when neither the rows nor the page address name a day (never the build day)', async () => {
    const rows = ['06:00', '07:30', '09:00', '12:15'].map((time, index) => `<tr><td>${time}</td><td><a href="/show/${index}">${shows[index]}</a></td></tr>`);
    expect(datedRows(table(rows), 'tr', 'https://guide.example.org/channel/7/today')).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('stay undated when the times do not run in order (durations of videos)', async () => {
    const rows = ['12:04', '3:41', '45:10', '7:55', '10:02'].map((time, index) => `<li><a href="/v/${index}">${shows[index]}</a> <span class="length">${time}</span></li>`);
    expect(datedRows(`<ul class="videos">${rows.join('')}</ul>`, 'li', 'https://videos.example.org/uploads/2022-05-11')).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('leave a row that already has a date alone, and need three rows', () => {
    const url = 'https://guide.example.org/channel/7/date/2022-05-11';
    const rows = ['06:00', '07:30', '09:00', '10:00'].map((time, index) => `<tr><td>${time}</td><td><a href="/show/${index}">${shows[index]}</a></td></tr>`);
    const members = findAll(page(`<!doctype html><html><body>${table(rows)}</body></html>`, url).document, (element) => element.name === 'tr');
    const entries = members.map((member, index) => ({ item: { member }, draft: (index === 1 ? { published_at: '12 May 2022, 07:30' } : {}) as { published_at?: string } }));
    datesFromTimeOfDay(entries, [url]);
    expect(entries.map((entry) => entry.draft.published_at)).toEqual(['2022-05-11T06:00', '12 May 2022, 07:30', '2022-05-11T09:00', '2022-05-11T10:00']);
    expect(datedRows(table(rows.slice(0, 2)), 'tr', url)).toEqual([undefined, undefined]);
  });
});

describe('shownTime', () => {
  it('reads 24-hour, meridiem, French and Japanese times of day', () => {
    expect(shownTime(memberOf('<p data-member>Nachrichten 18:35 Uhr</p>').member)).toBe(18 * 60 + 35);
    expect(shownTime(memberOf('<p data-member>Late movie 9:05 p.m. ET</p>').member)).toBe(21 * 60 + 5);
    expect(shownTime(memberOf('<p data-member>Midnight 12:10 AM</p>').member)).toBe(10);
    expect(shownTime(memberOf('<p data-member>Journal 11h30</p>').member)).toBe(11 * 60 + 30);
    expect(shownTime(memberOf('<p data-member>為替相場 11時00分 共同通信</p>').member)).toBe(11 * 60);
  });

  it('reads no time from two different times, a duration with seconds, or a score', () => {
    expect(shownTime(memberOf('<p data-member>From 18:00 to 19:30</p>').member)).toBeUndefined();
    expect(shownTime(memberOf('<p data-member>Concert film 1:02:33</p>').member)).toBeUndefined();
    expect(shownTime(memberOf('<p data-member>Final score 3:2</p>').member)).toBeUndefined();
    expect(shownTime(memberOf('<p data-member>Ratio 16:9 trailer 45:10</p>').member)).toBeUndefined();
  });
});
