import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';
import { timeOfDayOnly } from './title-blocks.js';

// Issue 17, seventh session: the headline part of a card link or a heading marked by position
// only, and a separator every title of a list ends with. Small pages of our own.

const heads = ['Harbour ferry fares rise in spring', 'Council votes on the new bridge', 'Rain expected across the west', 'Library opens a second floor', 'Trains run late after storm'];

describe('a link that wraps a whole card without a title element', () => {
  it('is titled by its first headline block, not the time and the source after it', async () => {
    const rows = heads.map((head, index) => `<a class="post_item" href="/news/85230${index}.html"><div class="item_thumb"><img src="/thumb${index}.png" alt=""></div><div class="item_ttl">${head}</div><div class="item_time">1${index}時0${index}分</div><div class="item_dist">Kyodo</div></a>`);
    const items = await itemsOf(`<div class="post_items">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('leaves out the category and time line under the headline paragraph', async () => {
    const rows = heads.map((head, index) => `<li class="row"><a class="p5 d-block" href="/news/29214${index}"><p class="fbd">${head}</p><p class="fs-s"><span class="cat">Statements</span> <span class="sub">02/23 19:1${index}</span></p></a></li>`);
    const items = await itemsOf(`<ul class="list-link">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('skips a short label block before the headline', async () => {
    const rows = heads.map((head, index) => `<a class="card" href="/story/${index}"><div class="lbl">Local</div><div class="txt">${head}</div><div class="meta">Read by ${index + 3} people today</div></a>`);
    const items = await itemsOf(`<section class="cards">${rows.join('')}</section>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('keeps the whole text when the other blocks say more than a time or a label', async () => {
    const rows = heads.map((head, index) => `<tr><td><a class="notice" href="?id=278b5${index}&tab=core"><div class="a">${head} </div><div class="b">SPE4A516R05${index}6 </div><div class="c">1${index} -- Aircraft components &amp; accessories </div></a></td><td>Agency ${index}</td><td>Mar 1${index}, 2016</td></tr>`);
    const items = await itemsOf(`<table class="list"><tbody>${rows.join('')}</tbody></table>`);
    expect(items.map((item) => item.title)).toEqual(heads.map((head, index) => `${head} SPE4A516R05${index}6 1${index} -- Aircraft components & accessories`));
  });

  it('does not take a month block out of a date link that wraps a card', async () => {
    const rows = heads.map((head, index) => `<div class="date"><a class="date-title" href="/calendar/exact_date~10-1${index}-2022/"><div class="month">Oct</div><div class="day">1${index}</div><div class="weekday">Mon</div></a><div class="events"><div class="event"><span class="event-title">${head}</span></div></div></div>`);
    const items = await itemsOf(`<div class="agenda">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).not.toContain('Oct');
  });

  it('takes the title element of a card whose text runs past 300 characters', async () => {
    const long = 'Meet the team, hear two talks on state management and testing, and stay for food and drinks afterwards. '.repeat(4);
    const rows = heads.map((head, index) => `<li><div class="p-4"><a href="/events/29529${index}/" class="flex flex-col"><div><time>Thu, Sep ${index + 7}, 2023, 6:00 PM CEST</time><span class="ds-font-title-3">${head}</span><div><span>Office ${index}, Prague</span></div></div><div><p>${long}</p></div></a></div></li>`);
    const items = await itemsOf(`<ul class="events">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });
});

describe('a heading whose link comes first and other parts after it', () => {
  it('is titled by the link, not the topic links and the time after it', async () => {
    const rows = heads.map((head, index) => `<li class="item"><h3 class="inner"><span class="ttl"><span class="txt"><a href="/article/DGX${index}000/">${head}</a></span> <span class="kw"><a href="/local/${index}/">Kansai</a> <a href="/topic/${index}/">Weather</a><span class="dt">9:4${index}</span></span></span></h3></li>`);
    const items = await itemsOf(`<ul class="list">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('leaves out a short place set in its own element after the link', async () => {
    const rows = heads.map((head, index) => `<section class="ticket"><h3 class="tit"><a class="blue" href="/realty-${index}.html">${head}</a> <span class="green"><i class="icon"></i>&nbsp;Station${index}</span></h3><b class="price">${index + 90} 000 $</b></section>`);
    const items = await itemsOf(`<div class="results">${rows.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(heads);
  });

  it('keeps bare text after the link and a longer phrase as a part of the headline', async () => {
    const rows = heads.map((head, index) => `<li><h3><a href="/p/${index}">${head}</a> again, <span class="sub">says the mayor of the old town</span></h3><p>Story ${index}.</p></li>`);
    const items = await itemsOf(`<ul class="posts">${rows.join('')}</ul>`);
    expect(items.map((item) => item.title)).toEqual(heads.map((head) => `${head} again, says the mayor of the old town`));
  });
});

describe('a separator every title of the list ends with', () => {
  it('is taken off when most titles end with it', async () => {
    const rows = heads.map((head, index) => `<p><a href="/mdc/fur/11286${index}.html">${head} - $${index + 5}0 -</a><font size="-1"> (Town ${index})</font></p>`);
    const items = await itemsOf(`<h4>Sat Apr 18</h4>${rows.join('')}`);
    expect(items.map((item) => item.title)).toEqual(heads.map((head, index) => `${head} - $${index + 5}0`));
  });

  it('stays when only one title ends with a closing guillemet', async () => {
    const rows = heads.map((head, index) => `<li><h3><a href="/a/${index}">${index === 2 ? `${head} « sans permis »` : head}</a></h3><p>Text ${index}.</p></li>`);
    const items = await itemsOf(`<ul class="news">${rows.join('')}</ul>`);
    expect(items[2]!.title).toBe(`${heads[2]} « sans permis »`);
  });
});

describe('timeOfDayOnly', () => {
  it('tells a time of day from a headline', () => {
    for (const time of ['9:49', '11時00分', '9:46更新', '10h30', '19:18']) expect(timeOfDayOnly(time)).toBe(true);
    for (const text of ['9:30 meeting of the council', '2024 plans', 'Kansai', '12 Monkeys']) expect(timeOfDayOnly(text)).toBe(false);
  });
});
