import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, tenth session: table rows titled by their name column when the link the list took is
// the table's furniture (a date, a weekday, an icon). Small pages of our own.

const clubs = ['Riverside Rovers', 'Harbour Town', 'North Hill United', 'Lakeside Athletic', 'Old Mill Wanderers', 'Greenfield City'];
const days = ['Sat, Mar 4, 2023', 'Wed, Mar 8, 2023', 'Sat, Mar 11, 2023', 'Tue, Mar 14, 2023', 'Sat, Mar 18, 2023', 'Sun, Mar 26, 2023'];

function fixtureRow(index: number, marker: string): string {
  return `<tr><td>${index + 1}</td><td><a href="/games/2023-${index}-report">${days[index]}</a></td><td>7:30 pm</td><td>League</td><td>${marker}</td><td><a href="/clubs/${index}">${clubs[index]}</a></td><td>W</td><td>${60 + index}</td><td>${50 + index}</td><td>Round ${index + 1}</td></tr>`;
}

describe('a table whose item link is the row\'s date', () => {
  it('is titled by the name column, with the place mark before it, and keeps the date', async () => {
    const markers = ['', '@', '', 'N', '', '@'];
    const rows = clubs.map((_, index) => fixtureRow(index, markers[index]!));
    const items = await itemsOf(`<table class="schedule"><tbody>${rows.join('')}</tbody></table>`);
    expect(items.map((item) => item.title)).toEqual(clubs.map((club, index) => `${markers[index] ? `${markers[index]} ` : ''}${club}`));
    expect(items.map((item) => item.day)).toEqual(['2023-03-04', '2023-03-08', '2023-03-11', '2023-03-14', '2023-03-18', '2023-03-26']);
  });

  it('keeps the dates where the only other text columns are counters and repeated labels', async () => {
    const rows = days.map((day, index) => `<tr><td><a href="/games/2023-${index}-report">${day}</a></td><td>Week ${index + 1}</td><td>League</td><td>${70 + index}</td></tr>`);
    const items = await itemsOf(`<table class="schedule"><tbody>${rows.join('')}</tbody></table>`);
    expect(items.map((item) => item.title)).toEqual(days);
  });
});

describe('a table whose only link in each row is an icon', () => {
  it('is titled by the row\'s name (a link without an address), not the icon\'s alt text', async () => {
    const names = ['Committee on Rules', 'Committee of the Whole', 'City Council', 'Committee on Finance', 'Committee of the Whole', 'Committee on Parks'];
    const rows = names.map((name, index) => `<tr><td><a id="body-${index}">${name}</a></td><td>4/${10 + index}/2025</td><td><a href="/cal.ashx?id=${300 + index}"><img src="/i/ical.gif" alt="Export to calendar"></a></td><td>10:00 AM</td><td>Room 400</td></tr>`);
    const items = await itemsOf(`<table class="calendar"><tbody>${rows.join('')}</tbody></table>`);
    expect(items.map((item) => item.title)).toEqual(names);
  });
});

describe('a table whose links are the rows\' headlines', () => {
  it('keeps them although another column holds distinct names', async () => {
    const titles = ['Annual report on water quality', 'Budget hearing for the new library', 'Road works on the east bridge', 'Plans for the old harbour site', 'Survey of the town\'s trees', 'Review of the parking rules'];
    const rows = titles.map((title, index) => `<tr><td><a href="/docs/${500 + index}">${title}</a></td><td>${clubs[index]}</td><td>${days[index]}</td></tr>`);
    const items = await itemsOf(`<table class="documents"><tbody>${rows.join('')}</tbody></table>`);
    expect(items.map((item) => item.title)).toEqual(titles);
  });
});

describe('a catalogue whose first link in each row is the medium\'s icon', () => {
  it('is titled by the record\'s title, not the icon\'s alt text', async () => {
    const media = ['Book', 'Score', 'Book', 'Film', 'Book', 'Software', 'Book', 'Score'];
    const records = ['Berg, Anna: The lighthouse keeper\'s daughter / Anna Berg - 2009', 'Cinema themes for violin : twelve play-alongs / arr. by Tom Wheeler - 2013', 'Sato, Kim: A short history of bridges / Kim Sato - 2001', 'The woman in the hills : a film / directed by Luis Ortega - 2012', 'Lind, Eva: Gardens of the north / Eva Lind - 1998', 'Spell book for beginners : a game for one player - 2012', 'Moss, Ray: Roads and rivers / Ray Moss - 2004', 'Easy solos for cello : level one / arr. by Ana Ruiz - 2007'];
    const rows = records.map((record, index) => `<tr class="hit"><td><a href="/detail?n=${index}"><img src="/i/m${index}.gif" alt="${media[index]}"></a></td><td><a href="/detail?n=${index}" title="Open details">${record}</a></td></tr>`);
    const items = await itemsOf(`<table class="results"><tbody>${rows.join('')}</tbody></table>`);
    expect(items.map((item) => item.title)).toEqual(records);
  });
});
