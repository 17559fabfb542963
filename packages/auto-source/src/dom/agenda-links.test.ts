import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { agendaPathOf, agendaSlotPath, isAgendaText, labelOf } from './agenda-links.js';

// Every page here is written for the test (fifteenth session: a meeting row's agenda link).
const DAYS = ['March 3, 2026', 'March 17, 2026', 'April 7, 2026', 'April 21, 2026', 'May 5, 2026', 'May 19, 2026', 'June 2, 2026'];
const SESSIONS = ['Regular Session', 'Work Session', 'Regular Session', 'Special Session', 'Regular Session', 'Work Session', 'Regular Session'];

/**
 * A board's meeting table: the date and the session are text; each row lists its documents in one
 * cell — the public notice, then the agenda — both links at the same path.
 */
const meetings = (): string =>
  `<table class="meetings"><thead><tr><th>Meeting</th><th>Place</th><th>Documents</th></tr></thead><tbody>${DAYS.map(
    (day, n) => `<tr><td><div>${day} at 6:00 PM - ${SESSIONS[n]}</div><div><b>Type:</b> ${SESSIONS[n]!.split(' ')[0]}</div></td>
      <td><div><span>District Service Center</span><br><span>12 Main Street</span> [<a href="https://maps.example.test/?q=12+Main+Street">map it</a>]</div></td>
      <td><ul class="documents"><li><a href="/files/notice-${410 + n}.pdf">Public Notice</a></li>
      <li><a href="/files/agenda-${520 + n}.pdf">Agenda</a></li></ul></td></tr>`,
  ).join('')}</tbody></table>`;

/** The same rows, each with its meeting's own page ("Meeting details") beside its documents. */
const meetingsWithPages = (): string =>
  `<table class="meetings"><tbody>${DAYS.map(
    (day, n) => `<tr><td>${day}</td><td>${SESSIONS[n]}</td>
      <td><a href="/meetings/view?id=${880 + n}">Meeting details</a></td>
      <td><a href="/files/agenda-${520 + n}.pdf">Agenda</a></td><td><a href="/files/minutes-${740 + n}.pdf">Minutes</a></td></tr>`,
  ).join('')}</tbody></table>`;

const STORIES = ['Council approves the new library budget', 'Bridge repairs start on the east road', 'Schools open a summer reading club', 'Park cleanup draws a record crowd', 'Bus timetable changes from next month', 'Market square gets new lighting'];

/** A news list whose rows carry their own titles, plus an "Agenda" link to a shared events page. */
const news = (): string =>
  `<ul class="news">${STORIES.map((story, n) => `<li><h3><a href="/news/${2300 + n}">${story}</a></h3><p>Posted on ${DAYS[n]}</p><a href="/agenda/${900 + n}">Agenda</a></li>`).join('')}</ul>`;

async function extract(body: string, agendaLinks?: boolean) {
  const options = agendaLinks === undefined ? {} : { agendaLinks };
  return createAutoSource(options).extract(page(`<!doctype html><html><body><main><h1>Board meetings</h1>${body}</main></body></html>`, 'https://board.example.test/meetings'), context());
}

describe('labelOf / isAgendaText / agendaSlotPath', () => {
  it('reads the short text most links share as a label, not a list of titles', () => {
    expect(labelOf(['Public Notice', 'Public  Notice', 'public notice ', 'Public Notice', 'Agenda'])).toBe('public notice');
    expect(labelOf(STORIES)).toBeUndefined();
    expect(labelOf(['A text much longer than any label would be', 'A text much longer than any label would be'])).toBeUndefined();
  });

  it('knows an agenda label, in a few languages, but not a title that starts with the word', () => {
    expect(isAgendaText('Agenda')).toBe(true);
    expect(isAgendaText(' Agenda (Spanish) ')).toBe(true);
    expect(isAgendaText('Tagesordnung')).toBe(true);
    expect(isAgendaText('Ordre du jour')).toBe(true);
    expect(isAgendaText('Agenda for the regular meeting of the board in May')).toBe(false);
    expect(isAgendaText('Minutes')).toBe(false);
  });

  it('marks a link path as the agenda link at that path, and reads the mark back', () => {
    expect(agendaPathOf(agendaSlotPath('td > p > a'))).toBe('td > p > a');
    expect(agendaPathOf('td > p > a')).toBeUndefined();
  });
});

describe('agendaLinks: a meeting row is linked by its agenda', () => {
  it('switched off, the rows keep the link the list chose (their notice)', async () => {
    const { items } = await extract(meetings(), false);
    expect(items.length).toBe(DAYS.length);
    expect(items.map((item) => item.url)).toEqual(DAYS.map((_, n) => `https://board.example.test/files/notice-${410 + n}.pdf`));
  });

  it('by default, every row links its agenda, not its notice', async () => {
    const { items } = await extract(meetings());
    expect(items.map((item) => item.url)).toEqual(DAYS.map((_, n) => `https://board.example.test/files/agenda-${520 + n}.pdf`));
  });

  it('leaves a row linked by its meeting page alone', async () => {
    const { items } = await extract(meetingsWithPages(), true);
    expect(items.map((item) => item.url)).toEqual(DAYS.map((_, n) => `https://board.example.test/meetings/view?id=${880 + n}`));
  });

  it('leaves a list of titled links alone, even when every row also links an "Agenda"', async () => {
    const { items } = await extract(news(), true);
    expect(items.map((item) => item.url)).toEqual(STORIES.map((_, n) => `https://board.example.test/news/${2300 + n}`));
  });
});
