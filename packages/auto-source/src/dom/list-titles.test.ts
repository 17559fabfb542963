import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, sixth session: a title most items of the list share is a label, not a headline.

const cases = ['Ann Smith v. Acme Corp.', 'State v. Brown', 'Lee v. River Board', 'Doe v. City of Hill', 'Poe v. Lake Dept.', 'Roe v. Field Co.'];

describe('a label every row repeats gives way to the row\'s name', () => {
  it('titles court rows by their parties, not "oral argument" (an identifier and a date are passed over)', async () => {
    const rows = cases.map((name, index) => `<tr><td>14-15${10 + index}</td><td>${name}</td><td>civil</td><td>07/0${index + 1}/2014</td><td><a href="/sound/14-15${10 + index}.mp3">oral argument</a></td></tr>`);
    const items = await itemsOf(`<table><tbody>${rows.join('')}</tbody></table>`);
    expect(items.map((item) => item.title)).toEqual(cases);
  });

  it('titles meetings by the name in the row\'s other column, not "Agenda" or "Public Comment"', async () => {
    const names = ['Rules Committee Meeting', 'Audit Committee Meeting', 'Budget Review Meeting', 'Land Use Committee Meeting', 'Environment Committee Meeting', 'Public Safety Committee Meeting', 'Infrastructure Committee Meeting', 'Smart Growth Committee Meeting'];
    const rows = names.map((name, index) => `<div class="row"><div class="six columns"><p>${name}</p></div><div class="six columns"><p><a class="btn" href="/meetings/ViewMeeting?id=52${index}0&amp;doctype=1">${index % 3 === 1 ? 'Public Comment' : 'Agenda'}</a></p></div></div>`);
    const items = await itemsOf(`<div class="results">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(names);
  });

  it('names several document links of one table row by the row ("Agenda", "Minutes", "Video")', async () => {
    const names = ['Regular Meeting', 'Regular Meeting', 'Audit Committee Special Meeting', 'Regular Meeting', 'Budget Workshop', 'Regular Meeting', 'Regular Meeting', 'Special Meeting'];
    const rows = names.map((name, index) => `<tr><td class="item"><img src="/new.png" alt=""> ${name}</td><td class="item"><span style="display:none">16${index}0000000</span>Mar ${index + 1}, 2022</td><td class="item">01h 4${index}m</td><td class="item"><a href="/AgendaViewer.php?clip_id=8${index}0">Agenda</a></td><td class="item"><a href="/MinutesViewer.php?clip_id=8${index}0">Minutes</a></td><td class="item"><a href="/MediaPlayer.php?clip_id=8${index}0">Video</a></td></tr>`);
    const items = await itemsOf(`<table><tbody>${rows.join('')}</tbody></table>`);
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.every((item) => names.includes(item.title ?? ''))).toBe(true);
  });
});

describe('titles that stay', () => {
  it('keeps a repeated label when every row would take the same other text (a room)', async () => {
    const rows = [1, 2, 3, 4, 5].map((day) => `<tr><td>4/${day}/2026</td><td>10:00 AM</td><td>Council Chambers - Room 300</td><td><a href="/meeting?id=${day}">Meeting details</a></td></tr>`);
    const items = await itemsOf(`<table><tbody>${rows.join('')}</tbody></table>`);
    expect(items.length).toBe(5);
    expect(items.every((item) => item.title === 'Meeting details')).toBe(true);
  });

  it('keeps headings that repeat ("Regular Board Meeting") and links in a title-classed field', async () => {
    const names = ['Regular Board Meeting', 'Special Meeting', 'Regular Board Meeting', 'Public Hearing', 'Regular Board Meeting', 'Budget Hearing', 'Regular Board Meeting', 'Special Meeting'];
    const cards = names.map((name, index) => `<div class="card"><div class="month">February</div><h4 class="card-title">${name}</h4><p>Tue, February ${index + 1}, 2023</p><a href="/files/0${index}14_${name.replace(/ /g, '_')}.pdf">View Agenda</a></div>`);
    const items = await itemsOf(`<div class="cards">${cards.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(names);
    const views = [1, 2, 3, 4, 5].map((index) => `<div class="views-row"><div class="field-date">Jan ${index}, 2024</div><div class="views-field-title"><a href="/events/${index}">Board Meeting</a></div><div class="field-files"><span><a href="/attachments/${index}">${index} Attachments</a></span></div></div>`);
    const events = await itemsOf(`<div class="view-content">${views.join('')}</div>`);
    expect(events.filter((item) => item.title === 'Board Meeting').length).toBe(5);
  });

  it('keeps titles a list repeats only once or twice', async () => {
    const titles = ['Agenda', 'Agenda', 'Budget hearing opens', 'Parks plan adopted', 'Road works begin'];
    const rows = titles.map((title, index) => `<tr><td>Item name ${index}</td><td><a href="/doc/${index}">${title}</a></td></tr>`);
    const items = await itemsOf(`<table><tbody>${rows.join('')}</tbody></table>`);
    expect(items.map((item) => item.title)).toEqual(titles);
  });
});
