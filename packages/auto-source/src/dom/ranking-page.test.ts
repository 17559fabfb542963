import { describe, expect, it } from 'vitest';
import { rankDomCandidates, type ObservedList } from '../scrapers/dom-heuristics.js';
import { page } from '../test-support/helpers.js';
import { RANKING_FEATURES, type RankingModel, type RankingObservation } from './ranking.js';
import { collapsedLength, PAGE_RANKING_FEATURES } from './ranking-page.js';

const zeros = (): number[] => RANKING_FEATURES.map(() => 0);
const observing: RankingModel = { features: [...RANKING_FEATURES], weights: zeros(), means: zeros(), scales: RANKING_FEATURES.map(() => 1), topK: 12 };
const at = (input: Float64Array, name: (typeof PAGE_RANKING_FEATURES)[number]): number => input[RANKING_FEATURES.indexOf(name)]!;

const posts = Array.from({ length: 6 }, (_, index) => `<article><h3><a href="/blog/2024/story-${index}">A fairly long story title number ${index}</a></h3><p>${'Words of the teaser. '.repeat(8)}</p></article>`).join('');
const popular = `<aside><h2>Popular</h2><ul>${[1, 2, 3, 4].map((index) => `<li><a href="/blog/2023/old-${index}">An older story that many read ${index}</a></li>`).join('')}</ul></aside>`;
const facets = `<nav><ul>${['Shoes', 'Bags', 'Hats', 'Belts'].map((name, index) => `<li><a href="/shop/${name.toLowerCase()}">${name} (${10 + index})</a></li>`).join('')}</ul></nav>`;
const html = `<body>${facets}<main><h1>Blog</h1><section>${posts}</section></main>${popular}</body>`;

function observe(source: string): RankingObservation<ObservedList> {
  let observed: RankingObservation<ObservedList> | undefined;
  rankDomCandidates(page(source).document, 'https://example.test/blog/', undefined, { model: observing, observe: (observation) => { observed = observation; } });
  if (!observed) throw new Error('the DOM tier did not report its candidates');
  return observed;
}

const find = (observed: RankingObservation<ObservedList>, part: string): Float64Array => {
  const index = observed.entries.findIndex((entry) => entry.items.length >= 3 && entry.items.every((item) => item.url?.includes(part)));
  expect(index).toBeGreaterThanOrEqual(0);
  return observed.inputs[index]!;
};

describe('ranking inputs from the page around a candidate', () => {
  const observed = observe(html);
  const main = find(observed, '/blog/2024/');
  const sidebar = find(observed, '/blog/2023/');
  const facetList = find(observed, '/shop/');

  it('name the landmark a list sits in', () => {
    expect([at(main, 'asideLandmark'), at(main, 'navLandmark')]).toEqual([0, 0]);
    expect([at(sidebar, 'asideLandmark'), at(sidebar, 'navLandmark')]).toEqual([1, 0]);
    expect([at(facetList, 'asideLandmark'), at(facetList, 'navLandmark')]).toEqual([0, 1]);
  });

  it('read the heading just before a list and its level', () => {
    expect([at(main, 'ownHeading'), at(main, 'headingLevel')]).toEqual([1, 1]);
    expect([at(sidebar, 'ownHeading'), at(sidebar, 'headingLevel')]).toEqual([1, 2]);
    expect([at(facetList, 'ownHeading'), at(facetList, 'headingLevel')]).toEqual([0, 7]);
  });

  it('give the share of the main region a list holds', () => {
    expect(at(main, 'mainTextShare')).toBeGreaterThan(0.8);
    expect(at(main, 'mainLinkShare')).toBe(1);
    expect(at(sidebar, 'mainLinkShare')).toBe(Math.min(1, 4 / 6));
  });

  it('tell links into the page\'s own section from links elsewhere', () => {
    expect(at(main, 'ownSection')).toBe(1);
    expect(at(main, 'belowPage')).toBe(1);
    expect(at(facetList, 'ownSection')).toBe(0);
    expect(at(facetList, 'belowPage')).toBe(0);
  });

  it('mark short rows with counts as facets', () => {
    expect(at(facetList, 'facetRows')).toBe(1);
    expect(at(main, 'facetRows')).toBe(0);
    expect(at(sidebar, 'facetRows')).toBe(0);
  });
});

describe('the main region\'s size, read without copying its text', () => {
  it('counts what collapsing and trimming the white space leaves', () => {
    const texts = ['', ' ', '  a  ', 'one  two\n\tthree ', '\u00a0Preis:\u2009 12\u202f€\u3000', '\ufeffx\u2028y\u1680 ', '\u200bword\u200b', 'Zeile\r\n\r\nZeile', '\u0085next'];
    for (const text of texts) expect(collapsedLength(text)).toBe(text.replace(/\s+/g, ' ').trim().length);
  });

  it('is the whole page\'s without a main region, and the region\'s with one', () => {
    const withoutMain = observe(`<body>${facets}<div><h1>Blog</h1><section>${posts}</section></div>${popular}</body>`);
    // 4 facet links, 6 story links, 4 older links: every link of the page.
    expect(at(find(withoutMain, '/blog/2024/'), 'mainLinkShare')).toBe(6 / 14);
    expect(at(find(withoutMain, '/shop/'), 'mainLinkShare')).toBe(4 / 14);
    const withMain = observe(`<body>${facets}<div role="main"><h1>Blog</h1><section>${posts}</section></div>${popular}</body>`);
    expect(at(find(withMain, '/blog/2024/'), 'mainLinkShare')).toBe(1);
    expect(at(find(withMain, '/blog/2023/'), 'mainLinkShare')).toBe(4 / 6);
  });
});
