import { describe, expect, it } from 'vitest';
import { looksLikeDate, pickPart } from './part-selector.js';
import { partsConfig, previewPicked } from './picked-feed.js';
import { engineDom as dom, load } from './test-dom.js';

const PAGE = `<html><body><div id="posts">${[1, 2, 3]
  .map(
    (index) => `<div class="post" data-id="${index}"><a class="thumb" href="/p/${index}"><img class="lazy" src="data:image/gif;base64,R0lGOD" data-src="/img/${index}.jpg"></a>
<h3 class="post-title"><a href="/p/${index}">Title ${index}</a></h3><span class="meta">By Ann · <span class="date">March ${index}, 2024</span></span>
<time datetime="2024-03-0${index}T10:00:00Z">3 days ago</time><p class="excerpt">Excerpt ${index}</p></div>`,
  )
  .join('')}</div></body></html>`;

describe('pickPart', () => {
  const { root, find } = load(PAGE);
  const items = dom.selectAll(root, 'div.post');
  const item = items[1]!;

  it('title: a selector relative to the item, read as text', () => {
    const part = pickPart(dom, items, item, find('h3 a', 1), 'title');
    expect(part).toMatchObject({ selector: 'h3.post-title a', extractor: 'text', found: 3, fragile: false });
  });

  it('link: the link around the click, read with href', () => {
    const part = pickPart(dom, items, item, find('h3', 1), 'url');
    expect(part.extractor).toBe('href');
    expect(dom.selectAll(item, part.selector!)[0]).toBe(find('h3 a', 1));
  });

  it('date: a <time> is read from its datetime attribute; a date in text gets parse_time', () => {
    expect(pickPart(dom, items, item, find('time', 1), 'published_at')).toMatchObject({ selector: 'time', extractor: 'attribute', attribute: 'datetime' });
    expect(pickPart(dom, items, item, find('span.date', 1), 'published_at')).toMatchObject({ selector: 'span.date', extractor: 'text', post_process: [{ name: 'parse_time' }] });
  });

  it('image: the picture inside the clicked link, from its lazy-loading attribute', () => {
    expect(pickPart(dom, items, item, find('a.thumb', 1), 'image')).toMatchObject({ selector: 'img', extractor: 'attribute', attribute: 'data-src' });
  });

  it('recognises dates in text', () => {
    for (const text of ['March 3, 2024', '2024-03-01', '03.01.2024', '3 days ago', '12 Jan']) expect(looksLikeDate(text), text).toBe(true);
    for (const text of ['By Ann', 'Title 3', '', 'Version 2']) expect(looksLikeDate(text), text).toBe(false);
  });
});

describe('previewPicked', () => {
  it('reads the items the picked selectors give, like the engine would', () => {
    const { root, find } = load(PAGE);
    const items = dom.selectAll(root, 'div.post');
    const item = items[0]!;
    const feed = {
      items: 'div.post',
      parts: {
        title: pickPart(dom, items, item, find('h3 a'), 'title'),
        url: pickPart(dom, items, item, find('h3 a'), 'url'),
        published_at: pickPart(dom, items, item, find('time'), 'published_at'),
        image: pickPart(dom, items, item, find('img'), 'image'),
      },
    };
    const preview = previewPicked(dom, root, feed, 'https://blog.example/list/');
    expect(preview).toHaveLength(3);
    expect(preview[2]).toEqual({ title: 'Title 3', url: 'https://blog.example/p/3', image: 'https://blog.example/img/3.jpg', published_at: '2024-03-03T10:00:00.000Z' });
    expect(partsConfig(feed)).toEqual({
      title: { selector: 'h3.post-title a', extractor: 'text' },
      url: { selector: 'h3.post-title a', extractor: 'href' },
      published_at: { selector: 'time', extractor: 'attribute', attribute: 'datetime' },
      image: { selector: 'img', extractor: 'attribute', attribute: 'data-src' },
    });
  });
});
