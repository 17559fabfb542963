import { describe, expect, it } from 'vitest';
import { itemsOf, memberOf } from '../test-support/helpers.js';
import { withoutByline } from './title-bylines.js';

// Issue 17, sixteenth session: a byline closing the headline — an author-marked element inside the
// title link, an author link after it with a bare "by" — is not a part of the title
// (dom/title-bylines.ts; option `bylineTitles`, off unless true).

const stories = ['The Lighthouse Keeper Retires', 'Notes from a Quiet Harbour', 'When the Ferry Stopped Running', 'A Market Reopens on the Square', 'Letters to the Night Shift'];
const writers = ['Anna Verdi', 'Marco Bianchi', 'Lucia Neri', 'Paolo Rossi', 'Elena Gialli'];

const newsCards = stories.map((story, index) => `<article class="entry"><span class="overtitle">Opinion</span><h2 class="entry-title"><a href="/comment/2020/02/${index + 10}/story-${index}">${story} <em class="author">by ${writers[index]}</em></a></h2><p>Some words about the piece, long enough to read as its teaser ${index}.</p></article>`).join('');

const workBlurbs = stories.map((story, index) => `<li class="work blurb"><div class="header"><h4 class="heading"><a href="/works/${1000 + index}">${story}</a>
  by
  <!-- cached -->
  <a rel="author" href="/users/writer${index}">${writers[index]!.replace(' ', '')}</a></h4><h5 class="fandoms">Fandoms: <a class="tag" href="/tags/t${index}">Tag ${index}</a></h5></div><p class="summary">A summary of the work number ${index}, which tells what happens in it.</p></li>`).join('');

describe('a byline closing the headline (bylineTitles)', () => {
  it('leaves an author-marked element inside the title link out of the title', async () => {
    const items = await itemsOf(`<main><section>${newsCards}</section></main>`, { bylineTitles: true });
    expect(items.map((item) => item.title)).toEqual(stories);
  });

  it('leaves an author link after the title link, and the "by" before it, out of the heading\'s title', async () => {
    const items = await itemsOf(`<main><ol class="works">${workBlurbs}</ol></main>`, { bylineTitles: true });
    expect(items.map((item) => item.title)).toEqual(stories);
  });

  it('keeps the byline by default (the option is off unless true)', async () => {
    const items = await itemsOf(`<main><section>${newsCards}</section></main>`);
    expect(items.map((item) => item.title)).toEqual(stories.map((story, index) => `${story} by ${writers[index]}`));
  });

  it('keeps a title that is only an author element, an unmarked name after the title, and a long author element', () => {
    const alone = memberOf('<h3 data-member><a href="/a"><span class="author">Anna Verdi</span></a></h3>');
    expect(withoutByline('Anna Verdi', [alone.member])).toBe('Anna Verdi');
    const unmarked = memberOf('<h3 data-member><a href="/b">Harbour Lights</a> by <a href="/users/x">Marco</a></h3>');
    expect(withoutByline('Harbour Lights by Marco', [unmarked.member])).toBe('Harbour Lights by Marco');
    const sentence = memberOf('<h3 data-member><a href="/c">Review:</a> <span class="author">the author who wrote the most beautiful book of this whole season</span></h3>');
    expect(withoutByline('Review: the author who wrote the most beautiful book of this whole season', [sentence.member])).toBe('Review: the author who wrote the most beautiful book of this whole season');
  });
});
