import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, itemsOf, page } from '../test-support/helpers.js';

// Issue 17, ninth session: posts without a title whose only link is their permalink (a date line,
// "see full post") are titled by their text. Small pages of our own.

const notes = ['Cleaned the wheels of my suitcase today, they were full of carpet fibre.', 'The new album by our favourite band is out and it is wonderful!', 'Does anyone know why the window buttons sit on the left on some systems?', 'Finished reading a long book on databases and how indexes are stored.', 'First note written on the new laptop. Typing feels great on it.'];
const stamps = ['Mon, Mar 14, 2022 11:29am', 'Mon, Mar 7, 2022 7:54pm', 'Thu, Mar 3, 2022 7:57am', 'Thu, Feb 24, 2022 8:58pm', 'Wed, Feb 23, 2022 9:40am'];

describe('a post whose only link is its permalink', () => {
  it('is titled by its text, not by the date its permalink shows', async () => {
    const rows = notes.map((note, index) => `<li class="post"><div class="text">${note} <a href="/tag/${index}">#tag</a></div><div class="meta"><span>3 likes</span></div><div class="meta"><a href="/2022/03/${10 + index}/note">${stamps[index]}</a></div></li>`);
    const items = await itemsOf(`<ul class="posts">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(notes.map((note) => `${note} #tag`));
  });

  it('is titled by its text where the permalink says "see full post"', async () => {
    const rows = notes.map((note, index) => `<div class="note"><div class="who"><img src="/me.jpg" alt=""></div><div class="body"><p>${note}<a href="https://elsewhere.test/publish"></a></p><p>Posted on <time datetime="2022-01-1${index}">January 1${index}, 2022</time> (<a href="/notes/${500 + index}/">see full post</a>).</p></div></div>`);
    const items = await itemsOf(`<section class="feed">${rows.join('')}</section>`);
    expect(items.map((item) => item.title)).toEqual(notes);
  });

  it('keeps real headlines: a list of titled posts is left alone', async () => {
    const heads = ['Harbour ferry fares rise in spring', 'Council votes on the new bridge', 'Rain expected across the west', 'Library opens a second floor', 'Trains run late after storm'];
    const rows = heads.map((head, index) => `<li class="post"><h3><a href="/news/${index}">${head}</a></h3><p>${notes[index]}</p><a href="/news/${index}">Read more</a></li>`);
    const items = await itemsOf(`<ul class="posts">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });
});

describe('one long post among titled ones', () => {
  it('is titled by its text when its only link is its date and the text runs past 200 characters', async () => {
    const long = 'A protocol promotes diversity by describing simple contracts between systems, and this one undermines that by confusing a framework that mediates between three systems for a protocol, which it is not, whatever the press release says.';
    const posts = [notes[0], notes[1], long, notes[3]];
    const rows = posts.map((text, index) => `<article class="post"><div class="who"><span>Some Writer</span> <span>@writer</span></div><div class="when"><a href="/status/${7000 + index}"><time datetime="2025-03-1${index}T10:00:00Z">Mar 1${index}</time></a></div><div class="text"><span>${text}</span></div></article>`);
    const items = await itemsOf(`<main class="timeline">${rows.join('')}</main>`);
    expect(items[2]?.title).toBe(long);
  });
});

describe('a microformats h-entry without a name', () => {
  it('is titled by its text when its permalink says "see full post"', async () => {
    const rows = notes.map((note, index) => `<div class="h-entry"><p>${note}</p><p>Posted on <time class="dt-published" datetime="2022-01-1${index}">January 1${index}, 2022</time> (<a class="u-url" href="/notes/${500 + index}/">see full post</a>).</p></div>`);
    const result = await createAutoSource().extract(page(`<!doctype html><html><body><main class="h-feed">${rows.join('')}</main></body></html>`), context());
    expect(result.items.slice(0, 5).map((item) => item.title)).toEqual(notes);
  });

  it('keeps a permalink text that reads as a headline', async () => {
    const rows = notes.map((note, index) => `<div class="h-entry"><a class="u-url" href="/posts/${index}">Post number ${index} about the week</a><div class="e-content">${note}</div></div>`);
    const result = await createAutoSource().extract(page(`<!doctype html><html><body><main class="h-feed">${rows.join('')}</main></body></html>`), context());
    expect(result.items.slice(0, 5).map((item) => item.title)).toEqual(notes.map((_, index) => `Post number ${index} about the week`));
  });
});
