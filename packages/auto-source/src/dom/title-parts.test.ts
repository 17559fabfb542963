import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, sixth session: which part of a card link or a heading is the headline.

const names = ['Harbor Lights', 'Desert Run', 'Night Owl Casino', 'Paper Kites', 'Iron Orchard', 'Blue Quarry'];

describe('a link that wraps a whole card', () => {
  it('is titled by its title element, not the card\'s release date and price', async () => {
    const rows = names.map((name, index) => `<a class="result-row" href="/app/5329${index}0/"><div class="capsule"><img src="/c/${index}.jpg"></div><div class="combined"><div class="col name"><span class="title">${name}</span><p><span class="platform win"></span></p></div><div class="col released">1${index} Oct, 2016</div><div class="col price">CDN$ 2${index}.99</div></div></a>`);
    const items = await itemsOf(`<div id="results"><div>${rows.join('')}</div></div>`);
    expect(items.map((item) => item.title)).toEqual(names);
  });

  it('keeps a link\'s whole text when it holds only inline markup', async () => {
    const rows = names.map((name, index) => `<li><a href="/posts/${index}"><span class="title">${name}</span> <span class="sub">returns home</span></a><p>A short summary of story ${index} for readers.</p></li>`);
    const items = await itemsOf(`<ul class="posts">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(names.map((name) => `${name} returns home`));
  });
});

describe('a label element before the heading\'s link', () => {
  it('leaves out a series label set apart in its own element', async () => {
    const books = names.map((name, index) => `<li><h3>${index % 2 ? '' : `<span class="series">Field Guides Series</span> `}<a href="/book/2018/978-4-${index}">${name}</a></h3><p class="author">Author ${index}</p></li>`);
    const items = await itemsOf(`<ul class="books">${books.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(names);
  });

  it('keeps bare text before the link as a part of the headline', async () => {
    const rows = names.map((name, index) => `<li><h3>Review: <a href="/r/${index}">${name} in the rain</a> again</h3><p>Text of review ${index} here.</p></li>`);
    const items = await itemsOf(`<ul class="reviews">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(names.map((name) => `Review: ${name} in the rain again`));
  });
});

describe('a line break between East Asian characters', () => {
  it('joins them without a space, and keeps spaces the source writes', async () => {
    const titles = [['総集編', '【2013～2017】'], ['作り方', '～見積もりたい'], ['図解 ネットワーク', '［改訂新版］'], ['入門', '～例に～'], ['教科書', '～撮り方']];
    const rows = titles.map(([head, sub], index) => `<li><h3><a href="/book/${index}">${head}<br/><span class="sub">${sub}</span></a></h3><p>著者 ${index}</p></li>`);
    const items = await itemsOf(`<ul class="books">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(titles.map(([head, sub]) => `${head}${sub}`));
    const latin = names.map((name, index) => `<li><h3><a href="/b/${index}">${name}<br/><span>Second line</span></a></h3><p>By author ${index}</p></li>`);
    const read = await itemsOf(`<ul class="books">${latin.join('')}</ul>`);
    expect(read.map((item) => item.title)).toEqual(names.map((name) => `${name} Second line`));
  });
});

describe('a count of notes or comments is no headline', () => {
  it('titles a photo post by its caption, not its "Notes: 26" permalink', async () => {
    const captions = ['A new tape store opens in Midtown today', 'Heading home late from the barbecue place', 'Leaves growing back in the park', 'Ugh, rain again.', 'The mural of the bridge at the cafe'];
    const posts = captions.map((caption, index) => `<div class="date">April ${17 - index}, 2013</div><div class="post"><p><p>${caption}</p><p>(Source: <a href="http://photos.example/z/${index}">photos</a>)</p></p><img src="/media/${index}_1280.jpg"><div class="bottom"><a href="/share">Tweet</a> <a href="/post/4819851979${index}/slug-${index}">Notes: ${20 + index}</a></div></div>`);
    const items = await itemsOf(`<div id="posts">${posts.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(captions);
  });

  it.each(['Notes: 26', '(12 comments)', '3 replies', 'Kommentare (4)', '120 views', 'Комментарии: 5'])('reads "%s" as a count', async (label) => {
    const { notAHeadline } = await import('./title-text.js');
    expect(notAHeadline(label)).toBe(true);
  });

  it.each(['Notes on a scandal', '12 comments that changed the web', 'Replies to critics: a defence'])('keeps "%s" as a headline', async (title) => {
    const { notAHeadline } = await import('./title-text.js');
    expect(notAHeadline(title)).toBe(false);
  });
});
