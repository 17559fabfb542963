import { describe, expect, it } from 'vitest';
import { itemsOf } from '../test-support/helpers.js';

// Issue 17, fourteenth session: a card link that holds the post's title line and its excerpt is
// titled by the title line — also when the excerpt runs past the 300 characters the title is cut
// at, and when neither line is set off by bold or a heading (dom/title-paths.ts; option
// `teaserTitles`, on unless false).

const titles = ['Setting up the editor for the first lesson', 'The second course is finished', 'Game programming in a hundred lessons', 'Notebooks in the browser without installing', 'An introduction for complete beginners'];
const excerpt = (index: number, length: number): string => `Lesson ${index + 1}: ${'This post explains every step with pictures and short examples so that readers can follow along at home. '.repeat(Math.ceil(length / 100))}`.slice(0, length);

describe('a title line above its excerpt inside one card link', () => {
  it('takes the bold title line when the excerpt runs past 300 characters', async () => {
    const cards = titles.map((title, index) => `<div class="list_content"><a href="/${100 + index}" class="thumbnail_post"><img src="/t/${index}.png"></a><a href="/${100 + index}" class="link_post"><strong class="tit_post">${title}</strong><p class="txt_post">${excerpt(index, 420)}</p></a><div class="detail_info"><a href="/category/${index}">Category ${index}</a> 2022. 12. ${10 + index}. 14:00</div></div>`);
    const items = await itemsOf(`<div id="article">${cards.join('')}</div>`);
    expect(items.map((item) => item.title)).toEqual(titles);
  });

  it('takes the first line when no line is set off and the other is a long excerpt; with teaserTitles false keeps the whole text', async () => {
    const cards = titles.map((title, index) => `<li class="news_item"><a href="?article=${500 + index}"><em class="subject">${title}</em><span class="news_inner"><img src="/n/${index}.jpg" alt=""><span class="news_txt">${excerpt(index, 180)}</span></span><span class="news_info">Posted: 2025-12-0${index + 1}</span></a></li>`);
    const body = `<ul class="news_list">${cards.join('')}</ul>`;
    expect((await itemsOf(body)).map((item) => item.title)).toEqual(titles);
    const switchedOff = await itemsOf(body, { teaserTitles: false });
    expect(switchedOff.length).toBe(titles.length);
    switchedOff.forEach((item, index) => expect(item.title?.startsWith(`${titles[index]} Lesson ${index + 1}:`)).toBe(true));
  });

  it('keeps two short plain lines of a link as one title (a name and its second line)', async () => {
    const names = [['Harbour Lights', 'Live at the pier'], ['North Road', 'Demo tapes'], ['Quiet Rooms', 'Second edition'], ['Salt Flats', 'Early works'], ['Paper Boats', 'Remastered']];
    const cards = names.map(([album, line], index) => `<li class="music-item"><a href="/album/${index}"><span class="name">${album}</span> <span class="line">${line}</span></a><span class="price">$${index + 5}</span></li>`);
    const items = await itemsOf(`<ol class="music-grid">${cards.join('')}</ol>`);
    expect(items.map((item) => item.title)).toEqual(names.map(([album, line]) => `${album} ${line}`));
  });
});
