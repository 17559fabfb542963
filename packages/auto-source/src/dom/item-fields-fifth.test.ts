import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, fifth session: item-field shapes written as small pages of our own.

const words = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

describe('counts of today are not dates', () => {
  it('gives no date for "541 stars today"', async () => {
    const rows = words.map((word, index) => `<li class="repo"><h3><a href="/${word}/${word}-repo">${word} / ${word}-repo</a></h3><p>A tool for ${word} things.</p><div class="meta">Shell ${1000 + index} ${200 + index} Built by <a href="/u${index}">u${index}</a> ${500 + index} stars today</div></li>`);
    const items = await itemsOf(`<ol class="repo-list">${rows.join('')}</ol>`);
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.every((item) => item.day === undefined)).toBe(true);
  });
});

describe('a numeric date beside a count', () => {
  it('reads "by ann 12 2020/10/05" (a user name and a like count before the day)', async () => {
    const days = ['2020/10/05', '2020/10/02', '2020/10/01', '2020/09/30', '2020/09/28'];
    const rows = days.map((day, index) => `<li><h3><a href="/items/${index}">${words[index]} article headline</a></h3><p class="meta">by <a href="/u${index}">user${index}</a> ${index + 12} ${day}</p></li>`);
    const items = await itemsOf(`<ul>${rows.join('')}</ul>`);
    expect(items.map((item) => item.day)).toEqual(['2020-10-05', '2020-10-02', '2020-10-01', '2020-09-30', '2020-09-28']);
  });
});

describe('a bold date line above a flat list of links', () => {
  it('dates the links after it, and a bold section label under it keeps the day', async () => {
    const links = words.map((word, index) => `&bull;<a href="/2000/11/19/story-${index}.html"> ${word} story headline of the day</a><br>`).join('');
    const items = await itemsOf(`<table><tr><td><p><font size="-1"><b>November 19, 2000</b></font></p><br><b>International</b><br><br>${links}</td></tr></table>`);
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.every((item) => item.day === '2000-11-19')).toBe(true);
  });

  it('does not take a bold line that holds more than a date, or a link', async () => {
    const links = words.map((word, index) => `<a href="/s/${index}.html">${word} story headline of the day</a><br>`).join('');
    const items = await itemsOf(`<div><p><b>Our picks since November 19, 2000 for readers who like long reads</b></p>${links}</div>`);
    expect(items.every((item) => item.day === undefined)).toBe(true);
  });
});

describe('a kicker before the headline', () => {
  it('leaves out a kicker-classed label that opens the headline element', async () => {
    const teasers = words.map((word, index) => `<div class="teaser"><a class="teaser__link" href="/news/${word}-${index}.html"><p class="teaser__topline-container"><span class="teaser__date">31.01.2022 - 20:2${index} Uhr</span></p><h3><span class="teaser__topline">${word} kicker</span> <span class="teaser__headline">The ${word} headline proper</span></h3><p class="teaser__shorttext">Short text about ${word}.</p></a></div>`);
    const items = await itemsOf(`<div class="list">${teasers.join('')}</div>`);
    expect(items.slice(0, 3).map((item) => item.title)).toEqual(['The Alpha headline proper', 'The Bravo headline proper', 'The Charlie headline proper']);
    expect(items[0]!.day).toBe('2022-01-31');
  });

  it('keeps a headline that only begins with the kicker\'s letters ("Retail" / "Retailers …")', async () => {
    const cards = words.map((word, index) => `<div class="card"><span class="eyebrow">Retail</span><h3><a href="/blog/${word}-${index}">Retailers${index} see urgent need for ${word}</a></h3></div>`);
    const items = await itemsOf(`<div class="grid">${cards.join('')}</div>`);
    expect(items[0]!.title).toBe('Retailers0 see urgent need for Alpha');
  });
});

describe("a software build's stamp is not a date", () => {
  it('skips "build 2021-01-14T10:38:13Z" in a card and reads the shown date', async () => {
    const cards = words.map((word, index) => `<div class="item"><ul class="player"><li>player-core@5.7.4</li><li class="player-item">build 2021-01-14T10:38:13.554Z</li></ul><a href="/story/${index}"><span class="date">1${index}.02.2022</span><h3>${word} story headline</h3></a></div>`);
    const items = await itemsOf(`<div class="list">${cards.join('')}</div>`);
    expect(items.slice(0, 3).map((item) => item.day)).toEqual(['2022-02-10', '2022-02-11', '2022-02-12']);
  });
});

describe("a meeting's unlinked name over its date link and document links", () => {
  const names = ['City Council - Regular Meeting', 'Zoning Committee - Regular Meeting', 'Parks Commission - Special Meeting', 'Tree Board - Regular Meeting', 'Arts Commission - Regular Meeting'];

  it('titles the row by its name, not by the "Agenda" link beside the date link', async () => {
    const rows = names.map((name, index) => `<div class="Row"><div class="RowLink"><a href="/Detail_Meeting.aspx?ID=${index}">Jan ${index + 5}, 2026 1:00 PM</a></div><div class="RowRight"><div><a href="/FileOpen.aspx?Type=14&ID=${index}">Agenda</a></div><div><a href="/FileOpen.aspx?Type=15&ID=${index}">Minutes</a></div></div><div class="RowDetails">${name}</div></div>`);
    const items = await itemsOf(`<div class="Meetings">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(names);
  });

  it('reads the name from the row paired with a top row of links, where document links lead nowhere yet', async () => {
    const rows = names.map((name, index) => `<div class="Row"><div class="RowTop"><div class="RowLink"><a href="/Detail_Meeting.aspx?ID=${index}">Sep ${index + 6}, 2022 6:30 PM</a></div><div class="RowRight"><div><a href="" class="Hidden">Agenda</a></div><div><a href="" class="Hidden">Minutes</a></div><div><a href="#">Video</a></div></div></div><div class="RowBottom"><div class="RowIcon">&nbsp;</div><div class="RowDetails">${name}</div></div></div>`);
    const items = await itemsOf(`<div class="Meetings">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(names);
  });
});
