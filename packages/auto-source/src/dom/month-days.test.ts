import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { attribute, findFirst } from '../util/dom.js';
import { withYear } from '../util/dates.js';
import { completeYears, findItemDate } from './item-date.js';
import { completeYearsFromPage } from './page-dates.js';
import { hintedMonthDay, noteMonthDayOrder, settleMonthDays } from './month-days.js';

function member(html: string, lang = '') {
  const document = page(`<!doctype html><html${lang ? ` lang="${lang}"` : ''}><body>${html}</body></html>`).document;
  return findFirst(document, (element) => attribute(element, 'data-member') !== undefined)!;
}

describe('bare month-day dates ("7-3", "7/3", "03.07.")', () => {
  it('reads one only when the element says it is a date or time', () => {
    expect(findItemDate(member('<li data-member><a href="/p/1">Thread</a> <span class="create_time" title="创建时间">7-3</span></li>'), 'Thread')).toBe('7-3');
    expect(findItemDate(member('<li data-member><a href="/p/1">Thread</a> <time>03.07.</time></li>'), 'Thread')).toBe('03.07.');
    // A page counter and a score are not dates.
    expect(findItemDate(member('<li data-member><a href="/p/1">Thread</a> <span class="pages">1/5</span></li>'), 'Thread')).toBeUndefined();
    expect(findItemDate(member('<li data-member><a href="/p/1">Match</a> <b>3-1</b></li>'), 'Match')).toBeUndefined();
    expect(findItemDate(member('<tr data-member><td><a href="/p/1">Team</a></td><td class="data">1/5</td></tr>'), 'Team')).toBeUndefined();
  });

  it('rejects mixed shapes ("7.3" without its dot, "7-3.")', () => {
    const element = member('<span data-member class="date">x</span>');
    expect(hintedMonthDay(element, '7.3')).toBe(false);
    expect(hintedMonthDay(element, '7-3.')).toBe(false);
    expect(hintedMonthDay(element, '07.03.')).toBe(true);
  });

  it('orders day and month from the list\'s other dates, whatever the language', () => {
    const drafts = [{ published_at: '7/3' }, { published_at: '25/2' }];
    settleMonthDays(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['--03-07', '--02-25']);
    const us = [{ published_at: '7-3' }, { published_at: '2-25' }];
    settleMonthDays(us);
    expect(us.map((draft) => draft.published_at)).toEqual(['--07-03', '--02-25']);
  });

  it('leaves a list that contradicts itself alone', () => {
    const drafts = [{ published_at: '13/2' }, { published_at: '2/13' }];
    settleMonthDays(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['13/2', '2/13']);
  });

  it('otherwise orders them by the page\'s language; the dotted shape is always day first', () => {
    const german = member('<li data-member>x</li>', 'de');
    const chinese = member('<li data-member>x</li>', 'zh-CN');
    const drafts = [{ published_at: '7-3' }, { published_at: '7-3' }, { published_at: '03.07.' }];
    noteMonthDayOrder(drafts[0]!, '7-3', german);
    noteMonthDayOrder(drafts[1]!, '7-3', chinese);
    noteMonthDayOrder(drafts[2]!, '03.07.', chinese);
    settleMonthDays(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['--03-07', '--07-03', '--07-03']);
  });

  it('takes the year of another item that writes a whole date, not of a year and month alone', () => {
    const drafts = [{ published_at: '2019-12' }, { published_at: '7-3' }, { published_at: '8-1' }, { published_at: '2018-05-04' }];
    completeYears(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2019-12', '2018-07-03', '2018-08-01', '2018-05-04']);
  });

  it('takes the year from the page\'s own date when no item writes one (never a future day)', () => {
    const drafts: { published_at?: string }[] = [{ published_at: '2019-12' }, { published_at: '7-3' }, { published_at: '12-24' }];
    completeYears(drafts);
    completeYearsFromPage(drafts, new Date('2020-08-01T12:00:00Z'));
    expect(drafts.map((draft) => draft.published_at)).toEqual(['2019-12', '2020-07-03', '2019-12-24']);
  });

  it('writes the year into ISO\'s year-less shape', () => {
    expect(withYear('--07-03', '2020')).toBe('2020-07-03');
  });
});

describe('completeYears: a neighbour\'s year never puts a date in the future', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('takes the year before when the neighbour\'s year would', () => {
    const drafts = [{ published_at: 'Nov 20 2026' }, { published_at: 'Dec 24' }, { published_at: '12-31' }, { published_at: 'Nov 26' }];
    completeYears(drafts, now);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['Nov 20 2026', 'Dec 24 2025', '2025-12-31', 'Nov 26 2026']);
  });

  it('leaves the date without a year when the year before is in the future too', () => {
    const drafts = [{ published_at: 'Jan 5 2031' }, { published_at: 'Mar 14' }];
    completeYears(drafts, now);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['Jan 5 2031', 'Mar 14']);
  });
});
