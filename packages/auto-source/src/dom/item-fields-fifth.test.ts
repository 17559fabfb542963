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
