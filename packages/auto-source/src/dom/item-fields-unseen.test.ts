import { describe, expect, it } from 'vitest';
import { memberOf } from '../test-support/helpers.js';
import { textOf } from '../util/text.js';
import { findItemDate, usableDate } from './item-date.js';
import { refineTitle } from './item-title.js';

// Shapes met on the own corpus's list pages (issue 17, second round), written as small fixtures of
// our own: what the item-field code must read as a person reads the page.

function dateOf(html: string, title = 'Headline'): string | undefined {
  return findItemDate(memberOf(html).member, title);
}

function refined(html: string, title?: string): string {
  const { member, link } = memberOf(html);
  return refineTitle({ member, link, title: title ?? (link ? textOf(link) : '') });
}

describe('findItemDate on unseen shapes', () => {
  it('reads the date column of the row around a member that is only its title link', () => {
    const html = '<table><tbody><tr><th><a data-member href="/t/1">Headline</a></th><td><cite>ann</cite> <em><span>2019-4-30</span></em></td><td>12</td></tr></tbody>'
      + '<tbody><tr><th><a href="/t/2">Other</a></th><td><em><span>2020-7-19</span></em></td></tr></tbody></table>';
    expect(dateOf(html)).toMatch(/(^|\s)2019-4-30$/);
  });

  it('reads a day-month-year with hyphens and a month name (a directory index)', () => {
    expect(dateOf('<table><tr data-member><td><a href="a.gz">a.gz</a></td><td>29-Nov-2005 16:27</td><td>2.3K</td></tr><tr><td><a href="b.gz">b.gz</a></td><td>14-Apr-2010 23:07</td></tr></table>', 'a.gz')).toBe('29-Nov-2005 16:27');
  });

  it('reads a date next to a web address written as text (a search result line)', () => {
    expect(dateOf('<div data-member><h3><a href="/r">Headline</a></h3><p>Abstract</p><div><span>www.example.com/... 2014-01-07 </span> - <a href="/c">cache</a></div></div>')).toMatch(/^[.\s]*2014-01-07(?![\d])(?!.*www\.)/);
  });

  it('reads the date that opens a long snippet', () => {
    const snippet = '08.08.2014 - Uploaded by someone. A long abstract of the result that goes on well past eighty characters of text.';
    expect(dateOf(`<li data-member><h3><a href="/r">Headline</a></h3><span>► 30:22</span><span>${snippet}</span></li>`)).toMatch(/^08\.08\.2014 - /);
  });

  it('reads a date written as the label of the link after it ("11/7/02:")', () => {
    expect(dateOf('<p><b>11/7/02:<br> <a data-member href="/p/1">Headline</a><br><br> 12/18/02:<br> <a href="/p/2">Other</a></b></p>')).toBe('11/7/02');
  });

  it('reads the visible date when <time> elements carry no real datetime', () => {
    const { member } = memberOf('<div data-member><div class="date"><time datetime="01">May</time> <time datetime="22">19</time> <time datetime="2011">2014</time></div><h2><a href="/a">Headline</a></h2></div>');
    expect(usableDate('01')).toBe(false);
    expect(findItemDate(member, 'Headline')).toBe('May 19 2014');
  });

  it.each([
    ['a duration', '<li data-member><a href="/v">Headline</a> <span>► 30:22 ► 30:22</span></li>'],
    ["a product's release date in a fact row", '<li data-member><h2><a href="/r">Headline</a></h2><ul><li><div><strong>Latest release:</strong> 22H2 (October 10, 2023; 0 days ago)</div></li></ul></li>'],
    ['a birth date opening the snippet of a person', '<li data-member><h3><a href="/r">Headline</a></h3><p>Snow (* 30. Oktober 1969 in Toronto, Ontario als Darrin Kenneth O\'Brien) ist ein kanadischer Musiker und Sänger.</p></li>'],
  ])('takes no date from %s', (_name, html) => {
    expect(dateOf(html)).toBeUndefined();
  });
});

describe('refineTitle on unseen shapes', () => {
  it('removes the spaces text extraction puts around inline markup', () => {
    expect(refined('<div data-member><h3><a data-link href="/r"><em>number</em>_百度翻译</a></h3></div>', 'number _百度翻译')).toBe('number_百度翻译');
    expect(refined('<div data-member><h3><a data-link href="/r">„Wer liefert <b>was</b>“ - So suchen Profis</a></h3></div>', '„Wer liefert was “ - So suchen Profis')).toBe('„Wer liefert was“ - So suchen Profis');
  });

  it('keeps the space between blocks', () => {
    expect(refined('<div data-member><a data-link href="/r"><div>Artist</div><div>Album</div></a></div>', 'Artist Album')).toBe('Artist Album');
  });

  it('takes the heading that links the same address over a site-name link', () => {
    const html = '<li data-member><a data-link href="/x?u=1"><div>Wikipedia<cite>https://en.wikipedia.org/wiki/History</cite></div></a><h2><a href="/x?u=1">History of Things - Wikipedia</a></h2></li>';
    expect(refined(html)).toBe('History of Things - Wikipedia');
  });

  it('takes the title of the card around a member whose link says "Go to product"', () => {
    const html = '<div class="item"><div class="title">Linotype Herkules B2</div><div class="left" data-member><a href="/p"><img src="p.jpg" alt="Herkules"></a><div><a data-link href="/p">GO TO PRODUCT</a></div></div><div class="info">Notes</div></div>'
      + '<div class="item"><div class="title">Other</div><div class="left"><div><a href="/q">GO TO PRODUCT</a></div></div></div>';
    expect(refined(html)).toBe('Linotype Herkules B2');
  });
});
