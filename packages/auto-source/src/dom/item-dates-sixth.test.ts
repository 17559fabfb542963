import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';
import { completeYearsFromUrls } from './url-years.js';

// Issue 17, sixth session: item-date shapes written as small pages of our own (the build clock of
// these tests is 2026-11-26, so a date given "this year" shows as 2026-…).

const words = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'];

describe('two-digit years', () => {
  it('reads "asked Jun 2 \'12" as 2012 and gives it no other year', async () => {
    const asked = ["Jun 2 '12", "Sep 24 '14", "Mar 4 '14", "Apr 19 '13", "Oct 1 '12"];
    const rows = asked.map((day, index) => `<div class="result"><h3><a href="/q/${index}">${words[index]} question about screens</a></h3><p>Some text about the question ${index}.</p><span class="relativetime">asked ${day}</span></div>`);
    const items = await itemsOf(`<div class="results">${rows.join('')}</div><footer>© 2017 Example</footer>`);
    expect(items.map((item) => item.day)).toEqual(['2012-06-02', '2014-09-24', '2014-03-04', '2013-04-19', '2012-10-01']);
  });

  it('reads an image board\'s "22/09/24(土)15:36" year first', async () => {
    const posted = ['22/09/24(土)15:36', '22/09/23(金)03:49', '22/09/21(水)07:56', '22/09/24(土)12:56', '22/09/20(火)16:47'];
    const rows = posted.map((stamp, index) => `<div class="thread"><a class="title" href="/res/${index}">${words[index]} thread about the new season</a> <span class="name">無名氏</span> <span class="now">[${stamp} ID:x${index}/ab]</span><div class="quote">Opening post ${index}</div></div>`);
    const items = await itemsOf(`<form>${rows.join('')}</form>`);
    expect(items.map((item) => item.day)).toEqual(['2022-09-24', '2022-09-23', '2022-09-21', '2022-09-24', '2022-09-20']);
  });

  it('keeps a whole numeric date with a two-digit year ("02/24/22 - 4 p.m.") beside a year element of the card', async () => {
    const days = ['02/24/22 - 4 p.m.', '02/22/22 - 2 p.m.', '2/22/22 - 9 a.m.', '02/10/22 - 5 p.m.', '02/08/22 - 1 p.m.'];
    const rows = days.map((day, index) => `<li class="meeting"><a href="/m/${index}">${words[index]} Committee meeting of the board</a> <span class="when">${day}</span> <span class="year">2019</span></li>`);
    const items = await itemsOf(`<ul class="meetings">${rows.join('')}</ul>`);
    expect(items.map((item) => item.day)).toEqual(['2022-02-24', '2022-02-22', '2022-02-22', '2022-02-10', '2022-02-08']);
  });
});

describe('table cells', () => {
  it('reads a US "10-07-2014" cell that is the whole text, month first', async () => {
    const days = ['10-07-2014', '10-07-2014', '10-06-2014', '10-06-2014', '09-30-2014'];
    const rows = days.map((day, index) => `<tr><td>${day}</td><td><a href="/media/case${index}.mp4">No. ${index + 10}</a></td><td>${words[index]} v. State</td></tr>`);
    const items = await itemsOf(`<table><tr><th>Date</th><th>Docket</th><th>Title</th></tr>${rows.join('')}</table>`);
    expect(items.map((item) => item.day)).toEqual(['2014-10-07', '2014-10-07', '2014-10-06', '2014-10-06', '2014-09-30']);
  });

  it('does not read a dashed date inside a forum\'s last-post line ("12-05-2015 à 19:09 bob")', async () => {
    const rows = words.map((word, index) => `<tr class="topic"><td class="subject"><a href="/topic/${index}">${word} topic about the storage drives of servers</a></td><td>${index + 3}</td><td class="last"><a href="/topic/${index}#end">12-05-2015&nbsp;à&nbsp;19:0${index}<br><b>bob${index}</b></a></td></tr>`);
    const items = await itemsOf(`<table class="topics">${rows.join('')}</table>`);
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.every((item) => item.day === undefined)).toBe(true);
  });

  it('leaves out a hidden sort key before the shown date', async () => {
    const days = [['1646294400', 'Mar  3, 2022'], ['1645084800', 'Feb 17, 2022'], ['1643846400', 'Feb  3, 2022'], ['1643241600', 'Jan 27, 2022'], ['1641427200', 'Jan  6, 2022']];
    const rows = days.map(([key, day], index) => `<tr class="listingRow"><td class="listItem"><a href="/agenda/${index}">${words[index]} regular meeting of the commission</a></td><td class="listItem"><span style="display:none;">${key}</span>${day}</td><td class="listItem">1h 2m</td></tr>`);
    const items = await itemsOf(`<table class="listingTable">${rows.join('')}</table>`);
    expect(items.map((item) => item.day)).toEqual(['2022-03-03', '2022-02-17', '2022-02-03', '2022-01-27', '2022-01-06']);
  });
});

describe('dates set apart from the item text', () => {
  it('reads a byline set as a heading under the title ("By … - February 8th 2017, 11:32:13 pm")', async () => {
    const rows = words.slice(0, 5).map((word, index) => `<div class="result"><h2><a href="/a/${index}">Sport</a></h2><h3><a href="/a/${index}">${word} wins the final in a long match</a></h3><h4>By <a href="#">Reporter ${index}</a> - February ${8 - index}th 2017, 11:32:13 pm</h4><p>The match report ${index}.</p></div>`);
    const items = await itemsOf(`<div class="results">${rows.join('')}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2017-02-08', '2017-02-07', '2017-02-06', '2017-02-05', '2017-02-04']);
  });

  it('dates the rows of a panel by the date its heading or its button shows', async () => {
    const panel = (day: string, start: number, heading: boolean) => `<div class="group"><input type="button" value="${day}" class="daybutton"><div class="col"><div class="panel">${heading ? `<div class="panel-heading">${day}</div>` : ''}<div class="list-group">${[0, 1].map((offset) => `<div class="list-group-item"><b>SC${start + offset}:</b> <a href="/op/${start + offset}">${words[start + offset]} v. State</a><br><b>Author:</b> Judge ${offset}</div>`).join('')}</div></div></div></div>`;
    const items = await itemsOf(`<div class="days">${panel('10/03/2023', 0, true)}${panel('08/29/2023', 2, false)}${panel('08/15/2023', 4, true)}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2023-10-03', '2023-10-03', '2023-08-29', '2023-08-29', '2023-08-15', '2023-08-15']);
  });
});

describe('a year from the item\'s own link', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('takes the one year the link writes beside the date\'s month, by name or by number', () => {
    const drafts = [
      { published_at: 'October 21', url: 'https://example.test/agenda?title=stationary-committee-october-21-2022' },
      { published_at: 'Mar 20', url: 'https://example.test/2019/03/a-post' },
      { published_at: '--07-03', url: 'https://example.test/news/2018-07-03-release' },
    ];
    completeYearsFromUrls(drafts, now);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['October 21 2022', 'Mar 20 2019', '2018-07-03']);
  });

  it('takes none from a link whose year stands without the month, from two years, from an id or from the future', () => {
    const drafts = [
      { published_at: 'Mar 3', url: 'https://example.test/reports/2015-annual-report' },
      { published_at: 'Mar 3', url: 'https://example.test/2019/03/vs-2020/03' },
      { published_at: 'Mar 3', url: 'https://example.test/file.jsp?id=2019033' },
      { published_at: 'Dec 20', url: 'https://example.test/2026/12/plans' },
      { published_at: 'Mar 3 2015', url: 'https://example.test/2019/03/x' },
    ];
    completeYearsFromUrls(drafts, now);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['Mar 3', 'Mar 3', 'Mar 3', 'Dec 20', 'Mar 3 2015']);
  });
});

describe('timestamps outside the visible text', () => {
  it('reads a `data-dt` of comma-separated parts (day, month, year, hour, minute) on the row', async () => {
    const stamps = ['5,12,2014,1,30', '5,12,2014,2,00', '6,12,2014,3,00', '6,12,2014,21,45', '7,12,2014,0,15'];
    const rows = stamps.map((stamp, index) => `<tr class="match" data-dt="${stamp}"><td class="time">${stamp.split(',')[3]}:00</td><td><a href="/match/${index}">${words[index]} United - ${words[index + 1]} City</a></td><td class="odds">1.5</td></tr>`);
    const items = await itemsOf(`<table class="fixtures">${rows.join('')}</table>`);
    expect(items.map((item) => item.day)).toEqual(['2014-12-05', '2014-12-05', '2014-12-06', '2014-12-06', '2014-12-07']);
  });

  it('reads the date in the row of facts after a title row, never the next item\'s', async () => {
    const stamps = ['2022-08-04T21:28:18', '2022-08-03T16:57:50', '2022-08-02T12:00:00', '2022-08-01T09:30:00', '2022-07-31T08:00:00'];
    const rows = stamps.map((stamp, index) => `<tr class="athing" id="${index}"><td class="rank">${index + 1}.</td><td class="title"><a href="https://site${index}.example/story">${words[index]} story about the monotonous web</a></td></tr><tr><td></td><td class="subtext">${index + 40} points by <a href="/user?id=u${index}">u${index}</a> <span class="age" title="${stamp}"><a href="/item?id=${index}">${index + 1} hours ago</a></span> | <a href="/item?id=${index}">${index} comments</a></td></tr><tr class="spacer"></tr>`);
    const items = await itemsOf(`<table class="itemlist">${rows.join('')}</table>`);
    expect(items.map((item) => item.day)).toEqual(['2022-08-04', '2022-08-03', '2022-08-02', '2022-08-01', '2022-07-31']);
  });

  it('takes no date from the next row when rows are striped items alike', async () => {
    const rows = words.map((word, index) => `<tr class="${index % 2 === 0 ? 'odd' : 'even'}"><td><a href="/doc/${index}">${word} annual report of the society</a></td>${index % 2 === 1 ? '<td>March 3, 2019</td>' : '<td>-</td>'}</tr>`);
    const items = await itemsOf(`<table class="docs">${rows.join('')}</table>`);
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.filter((_item, index) => index % 2 === 0).every((item) => item.day === undefined)).toBe(true);
  });
});

describe('dates from the page\'s JSON-LD, matched by URL', () => {
  const days = ['2021-03-05', '2021-03-04', '2021-03-02', '2021-02-27', '2021-02-25'];
  const list = (entries: string) => `<script type="application/ld+json">{"@context":"https://schema.org","@type":"ItemList","itemListElement":[${entries}]}</script>`;
  const cards = words.slice(0, 5).map((word, index) => `<li class="card"><a href="/stories/${word.toLowerCase()}-story">${word} story about the harbour works</a><p>Short text ${index}.</p></li>`).join('');

  it('dates each undated item by the ItemList entry with its URL', async () => {
    const entries = words.slice(0, 5).map((word, index) => `{"@type":"ListItem","position":${index + 1},"url":"https://example.test/stories/${word.toLowerCase()}-story/","datePublished":"${days[index]}T08:00:00Z"}`).join(',');
    const items = await itemsOf(`${list(entries)}<ul class="stories">${cards}</ul>`);
    expect(items.map((item) => item.day)).toEqual(days);
  });

  it('dates nothing from the page\'s own node or a URL given two dates', async () => {
    const entries = [
      '{"@type":"ListItem","position":1,"url":"https://example.test/list","datePublished":"2021-03-05"}',
      '{"@type":"ListItem","position":2,"url":"https://example.test/stories/alpha-story","datePublished":"2021-03-05"}',
      '{"@type":"ListItem","position":3,"url":"https://example.test/stories/alpha-story","datePublished":"2020-01-01"}',
    ].join(',');
    const items = await itemsOf(`${list(entries)}<ul class="stories">${cards}</ul>`);
    expect(items.length).toBe(5);
    expect(items.every((item) => item.day === undefined)).toBe(true);
  });
});

describe('a long tooltip that ends in the date', () => {
  it('reads "View Agenda for … on 9/22/2022 1:00:00 PM" from the link\'s title, and nothing from a tooltip that only mentions a date', async () => {
    const days = ['9/22/2022', '9/21/2022', '9/15/2022', '9/14/2022', '9/8/2022'];
    const rows = days.map((day, index) => `<div class="meeting"><p>${words[index]} Committee Meeting of the city council and its members</p><a class="btn" href="/meetings/${index}" title="View Agenda for the ${words[index]} Committee Meeting of the city council and its members on ${day} 1:00:00 PM">Agenda for ${words[index]}</a></div>`);
    const items = await itemsOf(`<div class="meetings">${rows.join('')}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2022-09-22', '2022-09-21', '2022-09-15', '2022-09-14', '2022-09-08']);
    const mentions = words.slice(0, 5).map((word, index) => `<div class="meeting"><p>${word} Committee Meeting of the city council and its members</p><a class="btn" href="/meetings/${index}" title="View the agenda of the ${word} Committee Meeting; the minutes of 9/2/2022 were approved by the members">Agenda for ${word}</a></div>`);
    const undated = await itemsOf(`<div class="meetings">${mentions.join('')}</div>`);
    expect(undated.every((item) => item.day === undefined)).toBe(true);
  });
});
