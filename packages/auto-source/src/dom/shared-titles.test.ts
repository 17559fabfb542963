import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, thirteenth session: a title most items of a list share is a label; each item takes the
// text that tells it apart (dom/shared-titles.ts).

const repositories = ['ann/dotfiles', 'bob/config', 'cy/setup-scripts', 'dee/home', 'eve/machine', 'fox/workstation'];
const shows = ['Harbour town gets a new ferry', 'Mountain pass reopens after winter', 'Old mill becomes a museum', 'Vineyards report a record harvest', 'Night train returns to the valley', 'Lake festival draws thousands'];

describe('a label the whole list shares gives way to each item\'s name', () => {
  it('takes the title line a repeated file-name link sits in (repository – file), not the file name alone', async () => {
    const rows = repositories.map((name, index) => `<div class="result"><a href="/${name.split('/')[0]}"><img src="/avatar/${index}.png" alt=""></a><p class="title"><a href="/${name}">${name}</a> – <a href="/${name}/tree/${(index + 10).toString(16)}a9c3f0e/.profile" title=".profile">.profile</a><br><span class="updated">Indexed <time datetime="2024-03-0${index + 1}">March ${index + 1}, 2024</time></span></p></div>`);
    const items = await itemsOf(`<div class="results">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(repositories.map((name) => `${name} – .profile`));
  });

  it('takes the card\'s own heading over a programme name every card repeats as its first heading', async () => {
    const cards = shows.map((name, index) => `<li class="lane-item"><article><a class="teaser" href="/episode/${index}/${name.toLowerCase().replace(/ /g, '-')}"><img src="/thumb/${index}.jpg" alt=""><div class="text"><p class="channel">Channel 2</p><h4 class="programme">Regions in portrait</h4><h5 class="teaser-title">${name}</h5><p class="description">A report of ${10 + index} minutes about the region and its people.</p></div></a></article></li>`);
    const items = await itemsOf(`<ul class="lane">${cards.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(shows);
  });
});

describe('shared titles that stay', () => {
  it('keeps a shared label when nothing in the item tells it apart (every row names the same room)', async () => {
    const rows = [1, 2, 3, 4, 5].map((day) => `<tr><td>5/${day}/2026</td><td>9:00 AM</td><td>Town Hall - Room 12</td><td><a href="/meeting?id=${day}">Meeting details</a></td></tr>`);
    const items = await itemsOf(`<table><tbody>${rows.join('')}</tbody></table>`);
    expect(items.length).toBe(5);
    expect(items.every((item) => item.title === 'Meeting details')).toBe(true);
  });

  it('keeps a shared title the page sets as the item\'s title field, not a count link beside it', async () => {
    const rows = [1, 2, 3, 4, 5].map((index) => `<div class="views-row"><div class="field-date">Feb ${index}, 2025</div><div class="views-field-title"><a href="/events/${index}">Board Meeting</a></div><div class="field-files"><a href="/attachments/${index}">${index} Attachments</a></div></div>`);
    const items = await itemsOf(`<div class="view-content">${rows.join('')}</div>`);
    expect(items.length).toBe(5);
    expect(items.every((item) => item.title === 'Board Meeting')).toBe(true);
  });

  it('keeps titles that half of the list shares (a job search where many posts have one name)', async () => {
    const titles = ['Data Analyst', 'Data Analyst', 'Senior Data Analyst', 'Data Analyst', 'Business Analyst', 'Data Analyst', 'Reporting Analyst', 'Data Analyst', 'Data Engineer', 'Junior Data Analyst'];
    const rows = titles.map((title, index) => `<article class="job"><h2><a href="/jobs/${4000 + index}">${title}</a></h2><span class="company">Company number ${index}</span><p>Posted ${index + 1} days ago</p></article>`);
    const items = await itemsOf(`<section class="jobs">${rows.join('')}</section>`);
    expect(items.map((item) => item.title)).toEqual(titles);
  });
});
