import { describe, expect, it } from 'vitest';
import { itemsOf, memberOf } from '../test-support/helpers.js';
import { withoutSecondaryParts } from './title-main-parts.js';

// Issue 17, seventeenth session: a headline laid out in parts — a name, then its original and
// other names or a car's trim; authors before a paper's title — is titled by the part the
// page marks as the name (dom/title-main-parts.ts; option `mainTitleParts`, on unless false).

const names = ['The Quiet Harbour', 'Winter Lights', 'A Long Way North', 'The Paper Garden', 'Salt and Stone'];
const originals = ['Der stille Hafen', 'Luces de invierno', 'Un long chemin', 'Il giardino di carta', 'Sal y piedra'];

const ranking = names.map((name, index) => `<li class="entry"><span class="rank">${index + 1}</span><div class="head"><a href="/film/${200 + index}/"><span class="title">${name}</span><span class="title">&nbsp;/&nbsp;${originals[index]}</span><span class="other">&nbsp;/&nbsp;Alt name ${index}</span></a></div><p class="info">Director ${index} · 19${80 + index} · Drama</p></li>`).join('');

const filmLines = names.map((name, index) => `<div class="film-item"><a href="/film/${300 + index}/" class="film-item__link"><p class="film-item__name">${name}</p><p class="film-item__original-name">${originals[index]}, 19${90 + index}</p><p class="film-item__extra"><span>Country ${index}</span><span>drama</span></p></a><span class="film-item__votes">${1000 + index} votes</span></div>`).join('');

const episodes = names.map((name, index) => `<li class="episode"><h3><a href="/watch/${400 + index}/"><span class="title">${name}</span> <span class="subtitle">Episode ${500 + index}</span></a></h3><p>What happens in this episode, number ${index}, told in one sentence.</p></li>`).join('');

const papers = names.map((name, index) => `<li class="citation"><a href="/rec/P${index}"><span class="name">Author ${index}</span> &amp; <span class="name">Second Author</span>, <span class="articleTitle">${name}: A Study</span></a><div class="extras">Journal ${index}</div></li>`).join('');

const cars = names.map((name, index) => `<div class="c${index} grid"><a class="k9 z3" href="/ad/${600 + index}"><p data-testid="listing-title" class="q1 w7">${name} Hybrid ${index + 2}.0</p><p class="q2 w8">20${20 + index}·${5 + index} km·Hybrid·Automatic</p></a><span class="q3">${12000 + index} €</span></div>`).join('');

describe('a headline laid out in parts (mainTitleParts)', () => {
  it('titles a ranking by the first title part, not the original and other names after it', async () => {
    const items = await itemsOf(`<main><ol class="ranking">${ranking}</ol></main>`);
    expect(items.map((item) => item.title)).toEqual(names);
  });

  it('titles a card link by what stands before its original-name line', async () => {
    const items = await itemsOf(`<main><section>${filmLines}</section></main>`);
    expect(items.map((item) => item.title)).toEqual(names);
  });

  it('reads a title part marked by a test or role attribute where the classes are generated', async () => {
    const items = await itemsOf(`<main><section>${cars}</section></main>`);
    expect(items.map((item) => item.title)).toEqual(names.map((name, index) => `${name} Hybrid ${index + 2}.0`));
  });

  it('keeps a title and its subtitle together (a series and its episode)', async () => {
    const items = await itemsOf(`<main><section>${episodes}</section></main>`);
    expect(items.map((item) => item.title)).toEqual(names.map((name, index) => `${name} Episode ${500 + index}`));
  });

  it('titles a citation by its title part, not the authors before it', async () => {
    const items = await itemsOf(`<main><ul class="papers">${papers}</ul></main>`);
    expect(items.map((item) => item.title)).toEqual(names.map((name) => `${name}: A Study`));
  });

  it('keeps the whole link text with the option off', async () => {
    const items = await itemsOf(`<main><ol class="ranking">${ranking}</ol></main>`, { mainTitleParts: false });
    expect(items.map((item) => item.title)).toEqual(names.map((name, index) => `${name} / ${originals[index]} / Alt name ${index}`));
  });

  it('keeps a name in two title parts, a title that is the whole part, and a subtitle not in the title', () => {
    const twoParts = memberOf('<h3 data-member><a href="/a"><span class="title-main">Star Trail:</span> <span class="title-sub">The Return</span></a></h3>');
    expect(withoutSecondaryParts('Star Trail: The Return', [twoParts.member])).toBe('Star Trail: The Return');
    const whole = memberOf('<h3 data-member><a href="/b"><span class="title">Harbour Lights</span></a></h3>');
    expect(withoutSecondaryParts('Harbour Lights', [whole.member])).toBe('Harbour Lights');
    const apart = memberOf('<div data-member><h3><a href="/c">Harbour Lights</a></h3><p class="subtitle">A story of the sea</p></div>');
    expect(withoutSecondaryParts('Harbour Lights', [apart.member])).toBe('Harbour Lights');
  });
});
