import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, itemsOf, page } from '../test-support/helpers.js';

// Issue 17, eighth session: the headline chosen by what the list's rows have in common (the part
// at the same relative path in most rows, distinct row to row, not furniture). Small pages of our own.

const heads = ['Harbour ferry fares rise in spring', 'Council votes on the new bridge', 'Rain expected across the west', 'Library opens a second floor', 'Trains run late after storm'];
const teasers = heads.map((head, index) => `A longer teaser that tells more about story number ${index}, with a second clause for length.`);

describe('a link that wraps a whole card with a headline, a teaser and a date line', () => {
  it('is titled by the bold part, not the three texts run together', async () => {
    const rows = heads.map((head, index) => `<a class="item" href="/70${index}/story-${index}"><div style="flex: 1;"><div style="font-weight: 700; font-size: 15px;">${head}</div><div style="font-size: 13px;">${teasers[index]}</div><div class="meta"><i class="flag"></i> <span>&bull;</span> June 1${index}, 2026 <span>&bull;</span> by writer${index}</div></div></a>`);
    const items = await itemsOf(`<div class="module">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('gives the teaser and the date line as the summary, not the card with its headline', async () => {
    const rows = heads.map((head, index) => `<a class="item" href="/70${index}/story-${index}"><div><div style="font-weight: 700">${head}</div><div>${teasers[index]}</div><div class="meta">June 1${index}, 2026 by writer${index}</div></div></a>`);
    const result = await createAutoSource().extract(page(`<!doctype html><html><body><div class="module">${rows.join('')}</div></body></html>`), context());
    expect(result.items.map((item) => item.title)).toEqual(heads);
    for (const [index, item] of result.items.entries()) {
      expect(item.description).toContain(teasers[index]);
      expect(item.description).not.toContain(heads[index]);
    }
  });

  it('is titled by the larger declared font when neither part is bold', async () => {
    const rows = heads.map((head, index) => `<a class="item" href="/70${index}/story-${index}"><div><div style="font-size: 18px">${head}</div><div style="font-size: 12px">${teasers[index]}</div></div></a>`);
    const items = await itemsOf(`<div class="module">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('keeps the whole text when nothing sets one of two texts apart', async () => {
    const rows = heads.map((head, index) => `<a class="item" href="/70${index}/story-${index}"><div><div>${head}</div><div>${teasers[index]}</div></div></a>`);
    const items = await itemsOf(`<div class="module">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(heads.map((head, index) => `${head} ${teasers[index]}`));
  });
});

describe('a link whose text opens with a part of its own', () => {
  it('leaves out a time of day set in its own element', async () => {
    const rows = heads.map((head, index) => `<li><a href="/noticias/0,,OI61336${index}.html"><em>21h${index}9</em> <strong>${head}</strong></a></li>`);
    const items = await itemsOf(`<h2>05 de setembro</h2><ol>${rows.join('')}</ol>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('does not keep the time it left out as the summary', async () => {
    const rows = heads.map((head, index) => `<li><a href="/noticias/0,,OI61336${index}.html"><em>21h${index}9</em> <strong>${head}</strong></a></li>`);
    const result = await createAutoSource().extract(page(`<!doctype html><html><body><h2>05 de setembro</h2><ol>${rows.join('')}</ol></body></html>`), context());
    expect(result.items.map((item) => item.title)).toEqual(heads);
    expect(result.items.map((item) => item.description)).toEqual(heads.map(() => undefined));
  });

  it('leaves out a short kicker before a headline twice as long', async () => {
    const kickers = ['Terrorismus', 'Technik', 'Abgas-Skandal', 'Leben im Krieg', 'Wetter'];
    const rows = heads.map((head, index) => `<p class="sz${index}"><time datetime="2016-02-05 15:0${index}:35">05. February 2016 15:0${index}</time> <a href="/politik/story-1.28511${index}"><strong>${kickers[index]}</strong> <em>${head}</em></a></p>`);
    const items = await itemsOf(`<div class="ticker">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('keeps a first and a last name of equal standing together', async () => {
    const first = ['Anna Maria', 'Boris Ivan', 'Clara Sofie', 'David Noah', 'Emil Oskar'];
    const last = ['Novak-Svoboda', 'Petrov-Ilin', 'Schmidt-Bauer', 'Larsen-Holm', 'Quist-Berg'];
    const rows = first.map((name, index) => `<li><a href="/t/${index}"><span class="given">${name}</span> <span class="family">${last[index]}</span></a><p>${teasers[index]}</p></li>`);
    const items = await itemsOf(`<ul class="people">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(first.map((name, index) => `${name} ${last[index]}`));
  });

  it('keeps a bold artist and the album after it together (two names, no teaser)', async () => {
    const artists = ['Midnight', 'Over Your Threshold', 'Nuclear Death Terror', 'Evoken', 'Blacklodge'];
    const albums = ['Complete and Total Hell', 'Facticity', 'Chaos Reigns', 'Atra Mors', 'Machination'];
    const rows = artists.map((artist, index) => `<div class="slider-item"><a href="/reviews/68${index}/review-${index}"><img src="/cover?art=${index}" alt=""><br><strong>${artist}</strong><br><em>${albums[index]}</em></a><div class="score">${index + 5}.0</div></div>`);
    const items = await itemsOf(`<div class="slider">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(artists.map((artist, index) => `${artist} ${albums[index]}`));
  });

  it('keeps a series name that most rows repeat before each episode', async () => {
    const series = ['Night Mix from the Coast', 'Night Mix from the Coast', 'Night Mix from the Coast', 'Morning Talk with Guests', 'Night Mix from the Coast'];
    const rows = heads.map((head, index) => `<li><a href="/programmes/p0${index}x"><span class="brand">${series[index]}</span><span class="sep">—</span><span class="episode">${head}</span></a><p>${teasers[index]}</p></li>`);
    const items = await itemsOf(`<ol class="schedule">${rows.join('')}</ol>`);
    expect(items.map((item) => item.title)).toEqual(heads.map((head, index) => `${series[index]}—${head}`));
  });

  it('keeps bare text in the link as a part of the headline', async () => {
    const rows = heads.map((head, index) => `<li><a href="/t/${index}"><span class="marker">New</span> ${head}</a><p>${teasers[index]}</p></li>`);
    const items = await itemsOf(`<ul class="threads">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(heads.map((head) => `New ${head}`));
  });

  it('leaves out a badge-classed element before the bare text (fourteenth session, title-badges.ts)', async () => {
    const rows = heads.map((head, index) => `<li><a href="/t/${index}"><span class="badge">New</span> ${head}</a><p>${teasers[index]}</p></li>`);
    const items = await itemsOf(`<ul class="threads">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });
});

describe('rows whose titles are one same control label', () => {
  it('take the text that differs in every row (a post without a title link)', async () => {
    const rows = heads.map((head, index) => `<li class="stream-item"><div class="content"><div class="header"><small class="time"><a href="/status/22570479049416${index}" title="2:33 pm - 1${index} jul 12"><span>1${index} jul</span></a></small><a class="account" href="/someone"><strong class="fullname">Some One</strong> <span class="username">@someone</span></a></div><p class="text">${head}, and what comes next for the town: <a href="http://t.co/x${index}">t.co/x${index}</a></p><div class="footer"><span class="expand"><b>Open</b> <b>Close</b></span></div></div></li>`);
    const items = await itemsOf(`<ol class="stream">${rows.join('')}</ol>`);
    expect(items.map((item) => item.title)).toEqual(heads.map((head, index) => `${head}, and what comes next for the town: t.co/x${index}`));
  });
});
