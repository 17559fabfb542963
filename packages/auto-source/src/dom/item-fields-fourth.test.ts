import { describe, expect, it } from 'vitest';
import { parseTime } from '@pagefeed/core';
import { TEST_NOW, itemsOf, memberOf } from '../test-support/helpers.js';
import { findItemDateText } from '../util/dates.js';
import { textOf } from '../util/text.js';
import { findItemDate } from './item-date.js';
import { refineTitle } from './item-title.js';

// Issue 17, fourth session: shapes written as small pages of our own — which date of a card is the
// item's, dates written once above a group, and headlines with decoration around them.

const NOW = TEST_NOW;
const words = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

describe("a forum row's last activity is not the item's date", () => {
  it('gives no date when the only date is in a last-post cell (class)', () => {
    const html = '<table><tr><td class="subject"><a data-member href="/topic/1">Headline</a><p>Started by <a href="/u/1">ann</a></p></td><td class="stats">2 Replies</td>'
      + '<td class="lastpost">August 12, 2015, 09:45 AM<br>by <a href="/u/9">kam</a></td></tr><tr><td class="subject"><a href="/topic/2">Other</a></td></tr></table>';
    expect(findItemDate(memberOf(html).member, 'Headline')).toBeUndefined();
  });

  it("gives no date when a date-classed span is the last comment's", async () => {
    const rows = words.map((word, index) => `<li class="Item"><a href="/discussion/${index}" class="Title">${word} discussion title</a><div class="Meta"><span class="CommentCount">${index} comments</span><span class="LastCommentBy">by <a href="/profile/${index}">p${index}</a></span><span class="LastCommentDate">December ${index + 1}</span></div></li>`);
    const items = await itemsOf(`<ul class="discussions">${rows.join('')}</ul>`);
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.every((item) => item.day === undefined)).toBe(true);
  });

  it("reads the thread's start date and skips the last post labelled by an icon", () => {
    const html = '<table><tr data-member><td><a href="/t/1">Headline</a><br>by ann » Mer 27 Nov 2013 13:19</td><td>4</td>'
      + '<td><span>Jeu 12 Déc 2013 9:55 pm<br>bob <a href="/p/9"><img alt="Voir le dernier message" src="/i.gif"></a></span></td></tr></table>';
    expect(findItemDate(memberOf(html).member, 'Headline')).toMatch(/27 Nov 2013/);
  });

  it("keeps the dates of a blog's latest-post cards", async () => {
    const cards = words.map((word, index) => `<div class="last-post"><h3><a href="/post/${index}">${word} latest headline</a></h3><span class="post-date">March ${index + 1}, 2019</span><p>Teaser text.</p></div>`);
    const items = await itemsOf(`<section class="recent-posts">${cards.join('')}</section>`);
    expect(items.slice(0, 2).map((item) => item.day)).toEqual(['2019-03-01', '2019-03-02']);
  });

  it('skips a date whose cell says "Last post:" before it, but not a date beside such a cell', () => {
    const html = '<div data-member><a href="/t/1">Headline</a><div><span>Last post: 3 March 2019</span></div></div>';
    expect(findItemDate(memberOf(html).member, 'Headline')).toBeUndefined();
    const after = '<div data-member><a href="/t/1">Headline</a><div><span>1 March 2019 · last reply by bob</span></div></div>';
    expect(findItemDate(memberOf(after).member, 'Headline')).toMatch(/1 March 2019/);
    const updated = '<div data-member><a href="/t/1">Headline</a><div><span>Last updated: 2 March 2019</span></div></div>';
    expect(findItemDate(memberOf(updated).member, 'Headline')).toMatch(/2 March 2019/);
    const both = '<div data-member><div><a href="/t/1">Headline</a> posted 1 March 2019</div><div>Last post: 3 March 2019 by bob</div></div>';
    expect(findItemDate(memberOf(both).member, 'Headline')).toMatch(/1 March 2019/);
  });
});

describe('the date a reader sees', () => {
  it("takes a <time>'s text when it writes another day than its datetime", async () => {
    const cards = words.map((word, index) => `<article><h2><a href="/post/${index}">${word} post headline</a></h2><p>on <time class="updated" datetime="2008-06-30T14:36:49+00:00">August ${20 + index}, 2007</time></p><p>Some text of the post.</p></article>`);
    const items = await itemsOf(`<main>${cards.join('')}</main>`);
    expect(items[0]?.day).toBe('2007-08-20');
    expect(items[1]?.day).toBe('2007-08-21');
  });

  it('prefers the publication over a date labelled as the last change', async () => {
    expect(findItemDate(memberOf('<div data-member><a href="/p">Headline</a><p><span>Updated: 9 March 2019</span> · <span>Posted 1 March 2019</span></p></div>').member, 'Headline')).toMatch(/1 March 2019/);
    expect(findItemDate(memberOf('<div data-member><a href="/p">Headline</a><p><span>Updated: 9 March 2019</span></p></div>').member, 'Headline')).toMatch(/9 March 2019/);
    const cards = words.map((word, index) => `<article><h2><a href="/post/${index}">${word} post headline</a></h2><p><time class="updated" datetime="2020-01-0${index + 1}">January ${index + 1}, 2020</time> <time class="entry-date published" datetime="2019-05-0${index + 1}">May ${index + 1}, 2019</time></p><p>Text.</p></article>`);
    const items = await itemsOf(`<main>${cards.join('')}</main>`);
    expect(items.slice(0, 2).map((item) => item.day)).toEqual(['2019-05-01', '2019-05-02']);
  });

  it('reads a date written as a short labelled text between other parts of a card', () => {
    const html = '<div data-member><h3><a href="/a/1">Headline</a></h3><div class="by"><a href="/u/1">Sempris</a><ul><li><a href="/u/1/p">Profile</a></li><li><a href="/u/1/m">Messages</a></li></ul>'
      + ' Опубликовано 19.11.2015 14:07 &nbsp; Просмотров: 278</div><div>Text of the article that goes on for a while.</div></div>';
    expect(findItemDate(memberOf(html).member, 'Headline')).toMatch(/19\.11\.2015/);
  });

  it('does not read a text node that is mostly words around a date, nor a delivery estimate', () => {
    const long = '<div data-member><a href="/p/1">Headline</a> We met on 3 March 2019 at the old harbour with friends <b>x</b></div>';
    expect(findItemDate(memberOf(long).member, 'Headline')).toBeUndefined();
    const shop = '<div data-member><a href="/p/1">Headline</a><div class="availability">Backordered. The estimated shipping date is 07/05/2014</div></div>';
    expect(findItemDate(memberOf(shop).member, 'Headline')).toBeUndefined();
    const member = '<div data-member><a href="/p/1">Headline</a><div class="user">bob · Joined: 03 Mar 2015</div></div>';
    expect(findItemDate(memberOf(member).member, 'Headline')).toBeUndefined();
    const job = '<div data-member><a href="/j/1">Headline</a><span>Deadline 3 May 2019</span> <span>Posted 1 April 2019</span></div>';
    expect(findItemDate(memberOf(job).member, 'Headline')).toMatch(/1 April 2019/);
  });

  it('reads the rest of the line after a link in a directory listing', () => {
    const html = '<pre><a data-member href="deltas/">deltas/</a>                    04-May-2017 21:37       -\n<a href="refs/">refs/</a>    05-May-2017 10:00   -\n</pre>';
    expect(findItemDate(memberOf(html).member, 'deltas/')).toMatch(/^04-May-2017 21:37/);
    const words = '<p><a data-member href="/s">Headline</a> was discussed at length on 3 March 2019 by many<br><a href="/t">Other</a></p>';
    expect(findItemDate(memberOf(words).member, 'Headline')).toBeUndefined();
  });

  it('recognises abbreviated Russian months and Korean dates', () => {
    expect(findItemDateText('25 апр 2014')).toBeDefined();
    expect(findItemDateText('2019년 3월 1일')).toBeDefined();
    for (const text of ['2019. 11. 3.', '3 de noviembre de 2019', '14 Ocak 2020', '3. listopadu 2019', '3. marraskuuta 2019']) expect(findItemDateText(text), text).toBeDefined();
    // A version number is not a Korean date.
    expect(findItemDateText('v2019.11.3')).toBeUndefined();
    expect(parseTime('2019년 3월 1일', { now: NOW })?.toISOString().slice(0, 10)).toBe('2019-03-01');
  });
});

describe('dates written once above a group of items', () => {
  it('dates each post by the date header that is a sibling of its container', async () => {
    const day = (date: string, posts: string[]) => `<h2 class="date-header">${date}</h2>${posts.map((post) => `<div class="post"><h3 class="post-title"><a href="/${post}">${post} title here</a></h3><div class="post-body"><p>Body of ${post}.</p></div></div>`).join('')}`;
    const items = await itemsOf(`<div id="main">${day('Saturday, September 26, 2009', ['one', 'two'])}${day('Saturday, September 19, 2009', ['three', 'four', 'five'])}</div>`);
    expect(items.map((item) => item.day)).toEqual(['2009-09-26', '2009-09-26', '2009-09-19', '2009-09-19', '2009-09-19']);
  });

  it('dates table rows by the date row above them', async () => {
    const row = (word: string, index: number) => `<tr><td>0${index}:30</td><td><a href="/match/${index}">${word} - Opponent</a></td><td>${index}.5</td></tr>`;
    const items = await itemsOf(`<table><tbody><tr class="nday"><th colspan="3">05.12.2014</th></tr>${words.slice(0, 3).map(row).join('')}<tr class="nday"><th colspan="3">06.12.2014</th></tr>${words.slice(3).map((word, index) => row(word, index + 3)).join('')}</tbody></table>`);
    expect(items.map((item) => item.day)).toEqual(['2014-12-05', '2014-12-05', '2014-12-05', '2014-12-06', '2014-12-06', '2014-12-06']);
  });

  it("does not give a row the date row of the item above it (title row, then date row)", async () => {
    const pairs = words.map((word, index) => `<tr><td><a href="/s/${index}">${word} story headline</a></td></tr><tr><td>${index + 1} March 2019</td></tr>`);
    const items = await itemsOf(`<table><tbody>${pairs.join('')}</tbody></table>`);
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.map((item) => item.day).slice(1).some((day, index) => day === `2019-03-0${index + 1}`)).toBe(false);
    // Its own date row, right after it, is its date.
    expect(items.map((item) => item.day).slice(0, 3)).toEqual(['2019-03-01', '2019-03-02', '2019-03-03']);
  });
});

describe('headlines with decoration around them', () => {
  const refined = (html: string) => {
    const { member, link } = memberOf(html);
    return refineTitle({ member, link, title: link ? textOf(link) : '' });
  };

  it('keeps a headline that starts like a call to action in another language ("Les …")', () => {
    expect(refined('<li data-member><a data-link href="/t">Les prix augmentent</a><p>Par Jean Dupont</p></li>')).toBe('Les prix augmentent');
  });

  it('leaves out a bullet before the headline', () => {
    expect(refined('<li data-member><a data-link href="/t">● Headline of the topic</a></li>')).toBe('Headline of the topic');
  });

  it('leaves out a date shown inside the title link', () => {
    expect(refined('<li data-member><a data-link href="/n">FIT Show to feature three innovations <span class="date">25 апр 2014</span></a></li>')).toBe('FIT Show to feature three innovations');
    expect(refined('<li data-member><a data-link href="/n">Monthly report <span>March 2019</span></a></li>')).toBe('Monthly report March 2019');
  });

  it('takes the unlinked first line of a search result over its only link, "Mehr lesen »"', () => {
    const html = '<div class="result"><div><div class="big">„<kw>Wat</kw> woll\'n se von mir?“: a headline</div></div><div class="url">www.example.com/a/b...</div>'
      + '<div class="abstract">A snippet of the result. <a data-member data-link href="https://example.com/a/b">Mehr lesen &raquo;</a></div></div>'
      + '<div class="result"><div>Other</div><a href="https://example.com/c">Mehr lesen &raquo;</a></div>';
    const { member, link } = memberOf(html);
    expect(refineTitle({ member, link, title: 'Mehr lesen »' })).toBe("„Wat woll'n se von mir?“: a headline");
  });

  it('takes the microdata name over a "more information" link (Danish) and reads it as shown', () => {
    const html = '<table><tr itemscope itemtype="http://schema.org/Event"><td class="event-date">18/12</td><td class="event-name"><span itemprop="name"><a href="/a/1">Katatonia</a>, <a href="/a/2">Evergrey</a></span></td>'
      + '<td class="event-meta" data-member><a data-link href="/koncert/1" title="Mere information"></a></td></tr></table>';
    const { member, link } = memberOf(html);
    expect(refineTitle({ member, link, title: 'Mere information' })).toBe('Katatonia, Evergrey');
  });
});
