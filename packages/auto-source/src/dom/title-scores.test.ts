import { describe, expect, it } from 'vitest';
import { itemsOf, memberOf } from '../test-support/helpers.js';
import { withoutTrailingScores } from './title-scores.js';
import { notAHeadline } from './title-text.js';

// Issue 17, fifteenth session: a score or rating beside the item's name — a score-classed element
// after it, a shop card's "Rating 4.8 of 5.0" before it — is not a part of the title
// (dom/title-scores.ts, title-text.ts).

const films = ['The Quiet Orchard', 'Harbour Lights', 'A Winter Crossing', 'Paper Kites', '1917'];

describe('scores beside the name', () => {
  it('leaves out a score-classed element after the name in a card\'s title element', async () => {
    const cards = films.map((film, index) => `<dd><div class="movie-item"><a href="/films/${index}"><div class="poster"><img src="/p${index}.jpg" alt=""></div><div class="hover-info"><div class="hover-title"><span class="name">${film}</span> <span class="score"><i class="integer">${7 + (index % 3)}.</i><i class="fraction">${index}</i></span></div><div class="hover-title"><span class="tag">Genre:</span> drama</div><div class="hover-title"><span class="tag">Cast:</span> Actor ${index}, Actress ${index}</div></div></a></div></dd>`);
    const items = await itemsOf(`<dl class="movie-list">${cards.join('')}</dl>`);
    expect(items.map((item) => item.title)).toEqual(films);
  });

  it('leaves out points in brackets after a team\'s name, and keeps a number that is the whole name or unclassed', () => {
    const { member } = memberOf('<div data-member class="team-line"><span class="name">Harbour United</span><span class="points">(823<span> league points</span>)</span></div>');
    expect(withoutTrailingScores('Harbour United(823 league points)', [member])).toBe('Harbour United');
    const numbered = memberOf('<div data-member class="title"><span class="name">Route</span> <span class="number">66</span></div>');
    expect(withoutTrailingScores('Route 66', [numbered.member])).toBe('Route 66');
    const alone = memberOf('<div data-member class="title"><span class="score">9.3</span></div>');
    expect(withoutTrailingScores('9.3', [alone.member])).toBe('9.3');
  });

  it('leaves a shop card\'s labelled rating out of the product\'s name', async () => {
    const products = ['Graphics Card Falcon RTX 3050, 6GB, GDDR6, 96 Bits', 'Graphics Card Heron GTX 1650, 4GB, GDDR5, 128 Bits', 'Graphics Card Osprey RTX 4060, 8GB, GDDR6, 128 Bits', 'Graphics Card Kestrel RTX 5060 Ti, 16GB, GDDR7', 'Graphics Card Merlin GT 730, 4GB, DDR3, 64 Bits'];
    const cards = products.map((product, index) => `<a href="/product/${index}/card-${index}" class="product-card"><div class="top"><div class="stars"><span class="icon"></span><span class="rating-text"><span class="sr-only">Rating&nbsp;</span>4.${index + 4}<span class="sr-only">&nbsp;of 5.0</span></span></div><button aria-label="Add to favourites" type="button"><span class="icon"></span></button></div><div class="picture"><img src="/p/${index}.jpg" alt=""></div><div class="shipping"><span>Free shipping*</span></div><span class="text-sm">${product}</span><div class="prices"><span class="old">R$ 1.${index}99,90</span><div><span>R$</span><span>1.${index}49,99</span></div><span>No PIX ou 10x de R$ 13${index},99</span></div></a>`);
    const items = await itemsOf(`<main><div class="grid">${cards.join('')}</div></main>`);
    expect(items.map((item) => item.title)).toEqual(products);
  });

  it('reads a labelled rating with a decimal as no headline, and a series part as one', () => {
    expect(notAHeadline('Avaliação 4.8 de 5.0')).toBe(true);
    expect(notAHeadline('Rating: 4.5 out of 5')).toBe(true);
    expect(notAHeadline('Part 2 of 5')).toBe(false);
    expect(notAHeadline('Chapter 2 of 5')).toBe(false);
  });
});
