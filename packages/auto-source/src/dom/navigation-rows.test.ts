import { describe, expect, it } from 'vitest';
import type { ScoreFeature } from '@pagefeed/core';
import { createAutoSource } from '../create-auto-source.js';
import { rankDomCandidates, type ObservedList } from '../scrapers/dom-heuristics.js';
import { context, page } from '../test-support/helpers.js';
import { createPageUrls } from '../util/url.js';
import { preferOverNavigationRows } from './navigation-rows.js';
import { RANKING_FEATURES, type RankingInput, type RankingModel, type RankingObservation } from './ranking.js';

const zeros = (): number[] => RANKING_FEATURES.map(() => 0);
const observing: RankingModel = { features: [...RANKING_FEATURES], weights: zeros(), means: zeros(), scales: RANKING_FEATURES.map(() => 1), topK: 12 };
const at = (input: Float64Array, name: (typeof RANKING_FEATURES)[number]): number => input[RANKING_FEATURES.indexOf(name)]!;
const PAGE_URL = 'https://example.test/blog';

const posts = (count: number): string =>
  Array.from({ length: count }, (_, index) => `<article class="post"><h2><a href="/blog/2024/story-number-${index}">A fairly long story title number ${index}</a></h2><p><time datetime="2024-03-0${index + 1}">March ${index + 1}, 2024</time> ${'Some words of the story teaser. '.repeat(4)}</p></article>`).join('');
const menu = (prefix = '/'): string => `<nav><ul>${['Home', 'About', 'Contact', 'Shop', 'Help'].map((name) => `<li><a href="${prefix}${name.toLowerCase()}">${name}</a></li>`).join('')}</ul></nav>`;

type Entry = RankingInput & { features: ScoreFeature[]; score: number };

function observe(html: string): { observed: RankingObservation<ObservedList>; document: ReturnType<typeof page>['document'] } {
  let observed: RankingObservation<ObservedList> | undefined;
  const document = page(html, PAGE_URL).document;
  rankDomCandidates(document, PAGE_URL, undefined, { model: observing, navigationRows: false, observe: (observation) => { observed = observation; } });
  if (!observed) throw new Error('the DOM tier did not report its candidates');
  return { observed, document };
}

/** The menu and the posts of a page, with the menu forced `gap` hand points ahead of the posts. */
function menuAhead(html: string, gap: number) {
  const { observed, document } = observe(html);
  const entries = observed.entries as unknown as Entry[];
  const menuAt = entries.findIndex((entry) => entry.items.some((item) => item.url?.endsWith('about')));
  const postsAt = entries.findIndex((entry) => entry.items.some((item) => item.url?.includes('/blog/2024/')));
  expect(menuAt).toBeGreaterThanOrEqual(0);
  expect(postsAt).toBeGreaterThanOrEqual(0);
  const [menuEntry, postsEntry] = [entries[menuAt]!, entries[postsAt]!];
  menuEntry.score = postsEntry.score + gap;
  const ranked = [menuEntry, postsEntry];
  return { ranked, menuEntry, postsEntry, page: { root: document, urls: createPageUrls(PAGE_URL) }, inputs: observed.inputs, menuAt, postsAt };
}

describe('row inputs of the ranking', () => {
  it('tell navigation-shaped rows with shallow links from dated posts with deep, same-template links', () => {
    const { inputs, menuAt, postsAt } = menuAhead(`<body>${menu()}<main>${posts(5)}</main></body>`, 0);
    const [nav, list] = [inputs[menuAt]!, inputs[postsAt]!];
    expect(at(nav, 'navRows')).toBe(1);
    expect(at(nav, 'bareRows')).toBe(1);
    expect(at(list, 'navRows')).toBe(0);
    expect(at(list, 'bareRows')).toBe(0);
    expect(at(nav, 'indexTargets')).toBe(1);
    expect(at(list, 'indexTargets')).toBe(0);
    // The page is /blog: the menu's /about is a sibling of it, the posts are two segments deeper.
    expect(at(nav, 'siblingTargets')).toBe(1);
    expect(at(nav, 'depthGain')).toBe(0);
    expect(at(list, 'depthGain')).toBe(2);
    expect(at(list, 'rowDates')).toBe(1);
    expect(at(nav, 'rowDates')).toBe(0);
    expect(at(list, 'distinctTargets')).toBe(1);
    expect(at(list, 'templateShare')).toBe(1);
  });
});

describe('preferOverNavigationRows', () => {
  it('puts a close list whose rows carry more in front of a navigation-shaped leader', () => {
    const { ranked, postsEntry, page: around } = menuAhead(`<body>${menu()}<main>${posts(5)}</main></body>`, 1);
    const choice = preferOverNavigationRows(ranked, 500, around);
    expect(choice.moved).toBe(postsEntry);
    expect(choice.ranked[0]).toBe(postsEntry);
    expect(choice.ranked).toHaveLength(2);
    expect(postsEntry.features.some((feature) => feature.name === 'overNavigationRows')).toBe(true);
  });

  it('keeps the leader when the other list is not close behind it', () => {
    const { ranked, menuEntry, page: around } = menuAhead(`<body>${menu()}<main>${posts(5)}</main></body>`, 3);
    const choice = preferOverNavigationRows(ranked, 500, around);
    expect(choice.moved).toBeUndefined();
    expect(choice.ranked[0]).toBe(menuEntry);
  });

  it('keeps a leader of bare links that go deeper than the page (a headline list, not a menu)', () => {
    const { ranked, menuEntry, page: around } = menuAhead(`<body>${menu('/blog/2024/05/')}<main>${posts(5)}</main></body>`, 1);
    const choice = preferOverNavigationRows(ranked, 500, around);
    expect(choice.moved).toBeUndefined();
    expect(choice.ranked[0]).toBe(menuEntry);
  });

  it('is off by default and, switched on, leaves an ordinary page as the hand score ranks it', async () => {
    const html = `<body>${menu()}<main>${posts(5)}</main></body>`;
    const on = await createAutoSource({ navigationRows: true }).extract(page(html, PAGE_URL), context());
    const byDefault = await createAutoSource().extract(page(html, PAGE_URL), context());
    const off = await createAutoSource({ navigationRows: false }).extract(page(html, PAGE_URL), context());
    expect(on.items.map((item) => item.url)).toEqual(off.items.map((item) => item.url));
    expect(byDefault.items).toEqual(off.items);
    expect(on.items).toHaveLength(5);
  });
  it('leaves a table whose rows hold the leading link cells to rows over cells, when on', async () => {
    const topics = ['Server crash after the update', 'Looking for a guild to join', 'Trading rare items this week', 'Quest bug in the northern caves', 'How do I reset my password', 'Event schedule for the winter'];
    const names = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gil'];
    const board = `<table><tbody>${topics.map((topic, n) => `<tr><td><a href="/forum/?action=thread&amp;thread=${4100 + n}">${topic}</a></td><td>by <a href="/community/?who=${names[n]}">${names[n]} Stone</a></td><td>${n + 2}</td><td><span>0${n + 1}.09.2023 17:2${n}</span> by <a href="/community/?who=${names[n + 1]}">${names[n + 1]} Stone</a></td></tr>`).join('')}</tbody></table>`;
    const url = 'https://example.test/forum/?action=board&board=7';
    const html = `<!doctype html><html><body><main>${board}</main></body></html>`;
    const on = await createAutoSource({ navigationRows: true }).extract(page(html, url), context());
    const off = await createAutoSource({ navigationRows: false }).extract(page(html, url), context());
    expect(on.items.map((item) => item.url)).toEqual(off.items.map((item) => item.url));
    expect(on.items.map((item) => item.url)).toEqual(topics.map((_, n) => `https://example.test/forum/?action=thread&thread=${4100 + n}`));
    const rows = [1, 2, 3, 4, 5].map((day) => `<tr><td>4/${day}/2026</td><td>10:00 AM</td><td>Council Chambers - Room 300</td><td><a href="/meeting?id=${day}">Meeting details</a></td></tr>`);
    const meetings = await createAutoSource({ navigationRows: true }).extract(page(`<table><tbody>${rows.join('')}</tbody></table>`), context());
    expect(meetings.items.map((item) => item.title)).toEqual(rows.map(() => 'Meeting details'));
  });
});
