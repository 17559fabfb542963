import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page, ROW_TEXTS } from '../test-support/helpers.js';

// Every page here is written for the test (ninth session: the link each row of a list gets when the
// path with the longest text is someone else's page and the item's own permalink is short).
const TEXTS = ROW_TEXTS;
const AUTHORS = ['amelia.rowe', 'bertrand.okafor', 'chiara.lindqvist', 'dmitri.santos', 'esther.nakamura', 'farid.oyelaran', 'greta.kowalczyk', 'hiroshi.mbeki'];

async function extract(body: string, url: string, options: { rowPermalinks?: boolean } = {}) {
  return createAutoSource(options).extract(page(`<!doctype html><html><body><main><div class="stream">${body}</div></main></body></html>`, url), context());
}

/** A post whose author's name is the row's longest link and whose permalink is its time. */
const post = (n: number, author: string, id: string) =>
  `<div class="post"><div class="head"><a class="who" href="/profile/${author}">${author.replace('.', ' ')} (@${author})</a> · <a class="when" href="/profile/${author}/post/${id}">${n + 1}h</a></div><div class="body">${TEXTS[n]}</div></div>`;

describe('rows whose chosen link is someone else\u2019s page', () => {
  it('gives posts under their authors\u2019 pages their own permalink (a time link), every author different', async () => {
    const ids = AUTHORS.map((_, n) => `3k${n}x${n * 7}qz`);
    const body = AUTHORS.map((author, n) => post(n, author, ids[n]!)).join('');
    const { items } = await extract(body, 'https://social.test/discover');
    expect(items.map((item) => item.url)).toEqual(AUTHORS.map((author, n) => `https://social.test/profile/${author}/post/${ids[n]}`));
    // Switched off, the rows keep the authors' profiles.
    const off = await extract(body, 'https://social.test/discover', { rowPermalinks: false });
    expect(off.items.map((item) => item.url)).toEqual(AUTHORS.map((author) => `https://social.test/profile/${author}`));
  });

  it('takes the job link over an employer link that repeats across rows', async () => {
    const employers = ['northwind-labs', 'harbour-insurance', 'northwind-labs', 'civic-hospital', 'lakeside-council', 'summit-energy', 'blue-river-bank', 'meridian-foods'];
    const body = TEXTS.map((text, n) => `<div class="job"><h3><a href="/organisations/profile/${employers[n]}">${employers[n]!.replace(/-/g, ' ')}</a></h3><p>${text}</p><div class="ref"><a href="/jobs/${41500 + n}">Ref. ${41500 + n}</a></div></div>`).join('');
    const { items } = await extract(body, 'https://careers.test/search?q=engineer');
    expect(items.map((item) => item.url)).toEqual(TEXTS.map((_, n) => `https://careers.test/jobs/${41500 + n}`));
    // Switched off, the rows take the employers (and the repeated one is lost).
    const off = await extract(body, 'https://careers.test/search?q=engineer', { rowPermalinks: false });
    expect(off.items.map((item) => item.url)).toEqual([...new Set(employers)].map((employer) => `https://careers.test/organisations/profile/${employer}`));
  });

  it('takes the item over another view of it (the same id under a segment every row shares, a repeated label)', async () => {
    const body = TEXTS.map((text, n) => `<div class="job"><p class="title">${text}</p><p>Location: Cardiff</p><a href="/job/related/${12200 + n}/">Similar jobs</a> <a class="button" href="/job/${12200 + n}/">View &amp; apply</a></div>`).join('');
    const { items } = await extract(body, 'https://agency.test/engineering/');
    expect(items.map((item) => item.url)).toEqual(TEXTS.map((_, n) => `https://agency.test/job/${12200 + n}/`));
    const off = await extract(body, 'https://agency.test/engineering/', { rowPermalinks: false });
    expect(off.items.map((item) => item.url)).toEqual(TEXTS.map((_, n) => `https://agency.test/job/related/${12200 + n}/`));
  });
});

describe('rows whose chosen link is their own', () => {
  it('keeps search results over each row\u2019s "more from this site" search on the page itself', async () => {
    const hosts = ['harbour.example', 'validator.example', 'pricing.example', 'reports.example', 'extension.example', 'meetups.example', 'sitemaps.example', 'careers.example'];
    const body = TEXTS.map((text, n) => `<li class="result"><h3><a href="https://${hosts[n]}/page-${n}">${text}</a></h3><a class="more" href="/search?q=site%3A${hosts[n]}&amp;n=${n}">More from ${hosts[n]}</a></li>`).join('');
    const { items } = await extract(`<ol>${body}</ol>`, 'https://find.test/search?q=release');
    expect(items.map((item) => item.url)).toEqual(TEXTS.map((_, n) => `https://${hosts[n]}/page-${n}`));
  });

  it('keeps a school over its several programmes beneath it (sub-items, not a permalink)', async () => {
    const schools = ['north-school', 'harbour-college', 'civic-institute', 'meridian-academy', 'lakeside-school', 'summit-college'];
    const body = schools.map((school, n) => `<div class="school"><h3><a href="/universities/${school}">${TEXTS[n]}</a></h3><ul><li><a href="/universities/${school}/master-${n}">Master in management (full time)</a></li><li><a href="/universities/${school}/msc-${n}">MSc finance (part time)</a></li></ul></div>`).join('');
    const { items } = await extract(body, 'https://schools.test/programmes');
    expect(items.map((item) => item.url)).toEqual(schools.map((school) => `https://schools.test/universities/${school}`));
  });

  it('keeps the film over its showings\u2019 booking pages on another site, though a film repeats', async () => {
    const films = ['the-harbour', 'quiet-hours', 'the-harbour', 'lyon-nights', 'river-song', 'north-wind', 'blue-hour', 'late-train'];
    const body = films.map((film, n) => `<div class="show"><h3><a href="/film/${film}">${film.replace('-', ' ')} — the film</a></h3><span>${18 + n}:00</span> <a href="https://tickets.example/cinema/booking/${39600 + n}">Tickets</a></div>`).join('');
    const { items } = await extract(body, 'https://cinema.test/programme');
    expect(items.map((item) => item.url)).toEqual([...new Set(films)].map((film) => `https://cinema.test/film/${film}`));
  });

  it('keeps the thread\u2019s title link to its "unread" view over the thread (its text is no label)', async () => {
    const body = TEXTS.map((text, n) => `<div class="thread"><h3><a href="/t/topic-${n}.${700 + n}/unread">${text}</a></h3><span class="start"><a href="/t/topic-${n}.${700 + n}/">${n + 1} May</a></span></div>`).join('');
    const { items } = await extract(body, 'https://forum.test/f/general/');
    expect(items.map((item) => item.url)).toEqual(TEXTS.map((_, n) => `https://forum.test/t/topic-${n}.${700 + n}/unread`));
  });

  it('keeps the thread, not its "latest" view (beneath it, but by a segment every row shares)', async () => {
    const body = TEXTS.map((text, n) => `<div class="thread"><h3><a href="/threads/topic-${n}.${700 + n}/">${text}</a></h3><a href="/threads/topic-${n}.${700 + n}/latest">Latest</a></div>`).join('');
    const { items } = await extract(body, 'https://forum.test/forums/general/');
    expect(items.map((item) => item.url)).toEqual(TEXTS.map((_, n) => `https://forum.test/threads/topic-${n}.${700 + n}/`));
  });

  it('keeps story links that all differ when the other path is a byline (no relation, nothing repeats)', async () => {
    const body = TEXTS.map((text, n) => `<article><h2><a href="/news/2024/${100 + n}/story">${text}</a></h2><p>By <a href="/authors/${AUTHORS[n]}/${n + 10}">${AUTHORS[n]}</a></p></article>`).join('');
    const { items } = await extract(body, 'https://paper.test/');
    expect(items.map((item) => item.url)).toEqual(TEXTS.map((_, n) => `https://paper.test/news/2024/${100 + n}/story`));
  });

  it('keeps the story when the other path is a comments anchor on the story itself', async () => {
    const sections = ['world', 'sport', 'world', 'arts', 'sport', 'world', 'arts', 'world'];
    const body = TEXTS.map((text, n) => `<article><h2><a href="/story/${500 + n}">${text}</a></h2><a href="/story/${500 + n}#comments">${n + 2} comments</a> <a href="/section/${sections[n]}">${sections[n]}</a></article>`).join('');
    const { items } = await extract(body, 'https://paper.test/');
    expect(items.map((item) => item.url)).toEqual(TEXTS.map((_, n) => `https://paper.test/story/${500 + n}`));
  });
});
