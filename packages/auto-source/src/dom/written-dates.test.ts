import { describe, expect, it } from 'vitest';
import { itemsOf, memberOf } from '../test-support/helpers.js';
import { readsAsHeadline, unlinkedHeadline } from './list-titles.js';
import { dressedDate } from './written-dates.js';
import { notAHeadline } from './title-text.js';

// Issue 17, fifteenth session: a date dressed as pages write one (its weekday, its time of day, a
// "Released:" label, a post's age) is a date stamp, not an item's headline; nor is a month alone
// or a card's place line the name of an item whose title the list shares.

describe('dates as pages dress them', () => {
  it('reads a date with its weekday, its time, a one-word label, a weekday alone and an age as date stamps', () => {
    for (const text of ['Wednesday 17 November 2021', 'Sat, Apr 6', '09:13, 9 July 2014', '4/26 7:00 PM', 'Released: November 23, 2020', 'Fri', '23h', 'Samstag 14 Februar']) {
      expect(dressedDate(text), text).toBe(true);
      expect(notAHeadline(text), text).toBe(true);
    }
  });

  it('leaves headlines that name a date or a weekday among other words', () => {
    for (const text of ['Remembering September 11, 2001', 'Agenda June 20, 2019', 'Monday Night Football', 'Friday I\'m in Love', 'September 9, 2025 at 4:30 PM - Committee', 'The Sun']) {
      expect(dressedDate(text), text).toBe(false);
      expect(notAHeadline(text), text).toBe(false);
    }
  });
});

const artists = ['The Lantern Choir', 'Marigold Echo', 'Pale Harbour', 'Orchard Static', 'Night Ferry Band'];

describe('titles beside a dressed date', () => {
  it('takes the name of a calendar row whose first link is its date and time', async () => {
    const rows = artists.map((artist, index) => `<tr><td class="rank">${index + 1}</td><td class="when"><a href="/event/${index}">4/${20 + index}<br>${7 + index}:00 PM</a></td><td class="who"><a href="/event/${index}">${artist}</a></td><td class="where"><a href="/venues/${index}">Hall ${index}</a></td><td><a href="/event/${index}">$${10 + index}</a></td></tr>`);
    const items = await itemsOf(`<table>${rows.join('')}</table>`);
    expect(items.map((item) => item.title)).toEqual(artists);
  });

  it('keeps the shared name of a search for one performer over each card\'s date and place lines', async () => {
    const cards = [0, 1, 2, 3, 4].map((index) => `<li class="event"><a class="thumb" href="/concerts/${index}"><img src="/a.jpg" alt=""></a><div class="subject"><p class="date"><strong>${['Wednesday 17 November 2021', 'Saturday 30 October 2021', 'Friday 08 October 2021', 'Friday 26 November 2021', 'Saturday 06 November 2021'][index]}</strong></p><p class="summary"><a href="/concerts/${index}"><strong>Marigold Echo</strong></a></p><p class="location">${['Grand Hall, Paris, France', 'Rock School, Bordeaux, France', 'Le Splendid, Lille, France', 'L\'Etage, Rennes, France', 'Le Transbordeur, Lyon, France'][index]}</p></div><div class="actions"><a href="/concerts/${index}">Buy tickets</a></div></li>`);
    const items = await itemsOf(`<ul class="results">${cards.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(artists.map(() => 'Marigold Echo'));
  });

  it('passes over a date box\'s month and a place line when it looks for an item\'s name in its own text', () => {
    const { member } = memberOf('<div data-member><div class="date-box"><div class="month">September</div><div class="day">10</div></div><p class="venue-line">Grand Hall, Paris</p><h4>Regular Board Meeting</h4><a href="/agenda.pdf">Agenda</a></div>');
    expect(unlinkedHeadline(member, new Set(['agenda']))).toBe('Regular Board Meeting');
    expect(readsAsHeadline('September', new Set())).toBe(false);
    expect(readsAsHeadline('Grand Hall, Paris', new Set())).toBe(true);
  });
});
