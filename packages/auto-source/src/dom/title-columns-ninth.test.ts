import { describe, expect, it } from 'vitest';
import { dropForeignTitleDates } from './foreign-dates.js';
import { dateLine } from './date-lines.js';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, ninth session: facts after a card's headline, a row's date line, and a place name in
// a date text. Small pages of our own.

const names = ['Mountain bike with new brakes and tyres', 'Child seat for a road bike, barely used', 'Roof rack for two bikes with locks', 'Electric city bike, 500 km on it', 'Carbon gravel frame in size medium'];
const places = ['Midvale, UT', 'Sandy, UT', 'Ogden, UT', 'Provo, UT', 'Logan, UT'];

describe('a short fact after the headline inside a whole-card link', () => {
  it('is left out: the place, the kind and the price are no part of the title', async () => {
    const rows = names.map((name, index) => `<a class="card" href="/listing/${4410 + index}"><div class="pic"><img src="/p${index}.jpg" alt=""></div><div class="body"><div class="name">${name}</div><div><span>${places[index]}</span></div><div><span>${index % 2 ? 'Used' : 'New'}</span></div><div class="price">$${index + 1}99.00</div><span>${index * 3}</span></div></a>`);
    const items = await itemsOf(`<div class="results">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(names);
  });

  it('keeps two short names of equal standing together', async () => {
    const artists = ['Anna Berg', 'Tom Wheeler', 'The Harbour Lights', 'Kim Sato', 'Luis Ortega'];
    const albums = ['Blue Rooms', 'Night Roads', 'Low Tide Songs', 'Paper Moons', 'Late Trains'];
    const rows = artists.map((artist, index) => `<a class="card" href="/review/${80 + index}"><div><div class="a">${artist}</div><div class="b">${albums[index]}</div></div></a>`);
    const items = await itemsOf(`<div class="reviews">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(artists.map((artist, index) => `${artist} ${albums[index]}`));
  });
});

describe('a badge only some rows show before the headline inside the link', () => {
  it('is left out where the headline sits in a classed wrapper the badge shifts', async () => {
    const heads = ['Ten miners trapped after a tremor in the pit', 'Neighbours ready to help, what happened overnight', 'Heavy losses reported, the latest figures', 'A split in the squad, says the coach', 'Who the descendants of the old kings are today'];
    const rows = heads.map((head, index) => `<li class="box"><a href="/news/${900 + index}/story"><span class="pic"><img src="/i${index}.jpg" alt=""></span>${index === 2 || index === 3 ? `<span class="spec">${index === 2 ? 'LIVE' : 'DIE WELT'}</span>` : ''}<span class="bottom"><span class="wrap"><span class="title">${head}</span></span></span></a></li>`);
    const items = await itemsOf(`<ul class="boxes">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });
});

describe('a compound date line (dateLine)', () => {
  it('reads two dates and a word as a date line, not a date beside a headline', () => {
    expect(dateLine('Aug 11, 2022 — Posted Aug 8, 2022 4:53 PM')).toBe(true);
    expect(dateLine('Board Meeting June 5, 2022')).toBe(false);
    expect(dateLine('Regular Meeting March 3, 2022 and March 4, 2022 of the Council')).toBe(false);
  });

  it('never becomes the title of a meeting row whose name repeats, and dates the row', async () => {
    const meetings = ['Regular Meeting of the City Council and the Successor Agency', 'Special Meeting of the City Council and the Successor Agency'];
    const days = [['Aug 11, 2022', 'Aug 8, 2022 4:53 PM'], ['Jul 14, 2022', 'Jul 11, 2022 4:37 PM'], ['Jun 29, 2022', 'Jun 27, 2022 5:22 PM'], ['Jun 23, 2022', 'Jun 20, 2022 5:00 PM'], ['Jun 9, 2022', 'Jun 6, 2022 3:10 PM']];
    const abbr = (text: string) => text.replace(/^(\w{3})/, '<abbr title="Month">$1</abbr>');
    const rows = days.map(([day, posted], index) => `<tr class="row"><td><h4 id="h${index}"><a name="_${index}"></a><strong aria-label="Agenda for ${day}">${abbr(day!)}</strong>\n&thinsp;&mdash;&thinsp;Posted ${abbr(posted!)}\n</h4><p><a href="/agenda/${700 + index}" aria-describedby="h${index}">${meetings[index === 2 ? 1 : 0]}</a></p></td><td class="minutes"></td></tr>`);
    const items = await itemsOf(`<table class="agendas"><tbody>${rows.join('')}</tbody></table>`);
    expect(items.map((item) => item.title)).toEqual(days.map((_, index) => meetings[index === 2 ? 1 : 0]));
    expect(items.map((item) => item.day)).toEqual(['2022-08-11', '2022-07-14', '2022-06-29', '2022-06-23', '2022-06-09']);
  });
});

describe('a neighbour\'s title inside a date text (dropForeignTitleDates)', () => {
  it('keeps a date whose text names another item after the date (an agent\'s area)', () => {
    const drafts = [{ title: 'Finstock Road, London, W10', published_at: 'Added on 12/06/2025 by Smith & Co, North Kensington' as string | undefined }, { title: 'North Kensington', published_at: 'Added on 26/03/2025 by Nest Agents' as string | undefined }];
    dropForeignTitleDates(drafts);
    expect(drafts.map((draft) => draft.published_at)).toEqual(['Added on 12/06/2025 by Smith & Co, North Kensington', 'Added on 26/03/2025 by Nest Agents']);
  });
});
