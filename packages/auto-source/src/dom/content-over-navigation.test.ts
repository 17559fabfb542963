import { describe, expect, it } from 'vitest';
import type { ScoreFeature } from '@pagefeed/core';
import { createAutoSource } from '../create-auto-source.js';
import { rankDomCandidates, type ObservedList } from '../scrapers/dom-heuristics.js';
import { context, page } from '../test-support/helpers.js';
import { createPageUrls } from '../util/url.js';
import { preferContentOverNavigation } from './content-over-navigation.js';
import { RANKING_FEATURES, type RankingInput, type RankingModel, type RankingObservation } from './ranking.js';

const zeros = (): number[] => RANKING_FEATURES.map(() => 0);
const observing: RankingModel = { features: [...RANKING_FEATURES], weights: zeros(), means: zeros(), scales: RANKING_FEATURES.map(() => 1), topK: 12 };
const PAGE_URL = 'https://example.test/cars/';
const BRANDS = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel', 'Juniper', 'Larch'];
const COLOURS = ['Black', 'White', 'Grey', 'Red'];

/** A block of `count` tag links of two words each ("Alder Black"), every label once. */
const tagLinks = (count: number): string =>
  `<div class="tags">${Array.from({ length: count }, (_, index) => `<span class="tag"><a href="/cars/${index}-${BRANDS[index % BRANDS.length]!.toLowerCase()}">${BRANDS[index % BRANDS.length]} ${COLOURS[Math.floor(index / BRANDS.length) % COLOURS.length]}</a></span>`).join('')}</div>`;
/** `count` ads, each a picture, a named model and a price (`pictured` false: no picture). */
const ads = (count: number, pictured = true): string =>
  `<div class="listings">${Array.from({ length: count }, (_, index) => `<div class="listing"><a href="/listing/model-${index}-estate-2015.html">${pictured ? `<img src="/photos/${index}.jpg" alt="">` : ''}Model ${index} estate 2015, one owner</a><span>${20 + index},000 EUR</span></div>`).join('')}</div>`;
/** A mega-menu (named so by its class): `count` of the site's latest stories, each a picture and a full headline. */
const megaMenu = (count: number): string =>
  `<div class="mega-menu">${Array.from({ length: count }, (_, index) => `<div class="mega-menu-post"><img src="/photos/latest-${index}.jpg" alt=""><a href="/2023/01/latest-story-${index}/">Latest story number ${index} of the council budget debate</a></div>`).join('')}</div>`;
/** The same stories as a plain block of the page (no chrome name or place). */
const latestStories = (count: number): string => megaMenu(count).replaceAll('mega-menu', 'latest');
/** The tag page's own posts: a picture, a linked headline and a date each. */
const posts = (count: number): string =>
  `<div class="posts">${Array.from({ length: count }, (_, index) => `<div class="post"><img src="/photos/post-${index}.jpg" alt=""><a href="/2023/01/truce-report-${index}/">Truce report ${index} from the northern border talks</a> <time>${10 + index} January 2023</time></div>`).join('')}</div>`;

type Entry = RankingInput & { features: ScoreFeature[]; score: number };

/** The page's candidates as the hand score ranks them, the one matching `ahead` forced `gap` points ahead of the one matching `behind`. */
function ranked(html: string, ahead: string, behind: string, gap: number) {
  let observed: RankingObservation<ObservedList> | undefined;
  const document = page(html, PAGE_URL).document;
  rankDomCandidates(document, PAGE_URL, undefined, { model: observing, observe: (observation) => { observed = observation; } });
  if (!observed) throw new Error('the DOM tier did not report its candidates');
  const entries = observed.entries as unknown as Entry[];
  const every = (part: string) => entries.find((entry) => entry.items.length > 0 && entry.items.every((item) => item.url?.includes(part)))!;
  const leader = every(ahead);
  const other = every(behind);
  expect(leader).toBeDefined();
  expect(other).toBeDefined();
  leader.score = other.score + gap;
  return { list: [leader, other], leader, other, page: { root: document, urls: createPageUrls(PAGE_URL) } };
}

describe('preferContentOverNavigation', () => {
  it('puts pictured ads in front of tag links that outnumber them by less than twice', () => {
    const { list, other, page: around } = ranked(`<body>${tagLinks(36)}${ads(20)}</body>`, '/cars/', '/listing/', 1.5);
    const choice = preferContentOverNavigation(list, 2000, around);
    expect(choice.moved).toBe(other);
    expect(choice.ranked[0]).toBe(other);
    expect(other.features.some((feature) => feature.name === 'contentOverNavigation')).toBe(true);
  });

  it('puts a few dated posts in front of a mega-menu of stories in the page header', () => {
    const { list, other, page: around } = ranked(`<body><header>${megaMenu(12)}</header>${posts(4)}</body>`, '/latest-story-', '/truce-report-', 1.5);
    expect(preferContentOverNavigation(list, 2000, around).moved).toBe(other);
  });

  it('keeps the menu when the close list carries neither dates nor pictures', () => {
    const { list, leader, page: around } = ranked(`<body>${tagLinks(36)}${ads(20, false)}</body>`, '/cars/', '/listing/', 1.5);
    const choice = preferContentOverNavigation(list, 2000, around);
    expect(choice.moved).toBeUndefined();
    expect(choice.ranked[0]).toBe(leader);
  });

  it('keeps the leader when the content list is not close behind it', () => {
    const { list, leader, page: around } = ranked(`<body>${tagLinks(36)}${ads(20)}</body>`, '/cars/', '/listing/', 2.5);
    expect(preferContentOverNavigation(list, 2000, around).ranked[0]).toBe(leader);
  });

  it('keeps a leader that is neither bare short links nor in the chrome', () => {
    // The same post cards, outside the header: two content lists, the hand score's order stands.
    const html = `<body>${latestStories(12)}${posts(4)}</body>`;
    const { list, leader, page: around } = ranked(html, '/latest-story-', '/truce-report-', 1.5);
    expect(preferContentOverNavigation(list, 2000, around).ranked[0]).toBe(leader);
  });

  it('keeps a chrome leader when the close list sits in the chrome too', () => {
    const html = `<body>${megaMenu(12)}<aside>${posts(4)}</aside></body>`;
    const { list, leader, page: around } = ranked(html, '/latest-story-', '/truce-report-', 1.5);
    expect(preferContentOverNavigation(list, 2000, around).ranked[0]).toBe(leader);
  });

  it('is on by default and can be switched off', async () => {
    const html = `<!doctype html><html><body>${megaMenu(12)}${posts(4)}</body></html>`;
    const off = await createAutoSource({ contentOverNavigation: false }).extract(page(html, PAGE_URL), context());
    const byDefault = await createAutoSource().extract(page(html, PAGE_URL), context());
    // Without the rule the mega-menu's twelve stories lead the tag page's four posts.
    expect(off.items).toHaveLength(12);
    expect(off.items.every((item) => item.url?.includes('/latest-story-'))).toBe(true);
    expect(byDefault.items.map((item) => item.url)).toEqual(Array.from({ length: 4 }, (_, index) => `https://example.test/2023/01/truce-report-${index}/`));
  });
});

/** `count` story rows, each named like a promotion box (chrome by name), a picture and a headline. */
const promotedStories = (count: number): string =>
  Array.from({ length: count }, (_, index) => `<div class="promo-story"><img src="/photos/story-${index}.jpg" alt=""><a href="/2020/02/story-${index}-of-the-day.html">Story ${index} of the day about the regional council vote</a></div>`).join('');
/** A box of `count` pictured cards, named like nothing. */
const cardBox = (count: number): string =>
  `<div class="box">${Array.from({ length: count }, (_, index) => `<div class="card"><img src="/photos/match-${index}.jpg" alt=""><a href="/2020/02/match-${index}-report.html">Match ${index} report from the weekend league games</a></div>`).join('')}</div>`;

/** The candidate with `count` members, and the one whose every item links to `part`, the first forced `gap` points ahead. */
function rankedBySize(html: string, count: number, part: string, gap: number) {
  let observed: RankingObservation<ObservedList> | undefined;
  const document = page(html, PAGE_URL).document;
  rankDomCandidates(document, PAGE_URL, undefined, { model: observing, observe: (observation) => { observed = observation; } });
  const entries = observed!.entries as unknown as Entry[];
  const leader = entries.find((entry) => entry.members.length === count)!;
  const other = entries.find((entry) => entry.items.length > 0 && entry.items.every((item) => item.url?.includes(part)))!;
  expect(leader).toBeDefined();
  expect(other).toBeDefined();
  leader.score = other.score + gap;
  return { list: [leader, other], leader, other, page: { root: document, urls: createPageUrls(PAGE_URL) } };
}

describe('preferContentOverNavigation: a leader partly in boxes named as chrome', () => {
  it('keeps a story list whose rows are only partly in boxes named as chrome', () => {
    // Six of ten story rows sit in boxes named like promotions: the list is the page's body, not its chrome.
    const html = `<body><div class="stories">${promotedStories(6)}${promotedStories(4).replaceAll('promo-story', 'story').replaceAll('story-', 'plain-story-')}</div><div class="sport">${cardBox(6)}</div></body>`;
    const { list, leader, page: around } = rankedBySize(html, 10, '/match-', 1.5);
    const choice = preferContentOverNavigation(list, 2000, around);
    expect(choice.moved).toBeUndefined();
    expect(choice.ranked[0]).toBe(leader);
  });

  it('moves the same cards in front of a list whose rows are all in such boxes', () => {
    const html = `<body><div class="stories">${promotedStories(10)}</div><div class="sport">${cardBox(6)}</div></body>`;
    const { list, other, page: around } = rankedBySize(html, 10, '/match-', 1.5);
    expect(preferContentOverNavigation(list, 2000, around).moved).toBe(other);
  });
});
