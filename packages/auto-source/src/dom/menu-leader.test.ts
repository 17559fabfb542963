import { describe, expect, it } from 'vitest';
import type { ScoreFeature } from '@pagefeed/core';
import { createAutoSource } from '../create-auto-source.js';
import { rankDomCandidates, type ObservedList } from '../scrapers/dom-heuristics.js';
import { context, page } from '../test-support/helpers.js';
import { createPageUrls } from '../util/url.js';
import { preferOverMenuLeader } from './menu-leader.js';
import { RANKING_FEATURES, type RankingInput, type RankingModel, type RankingObservation } from './ranking.js';

const zeros = (): number[] => RANKING_FEATURES.map(() => 0);
const observing: RankingModel = { features: [...RANKING_FEATURES], weights: zeros(), means: zeros(), scales: RANKING_FEATURES.map(() => 1), topK: 12 };
const PAGE_URL = 'https://example.test/search?q=guitar';
const WORDS = ['Strings', 'Pedals', 'Cables', 'Amps', 'Picks', 'Straps', 'Cases', 'Stands', 'Tuners', 'Capos', 'Pickups', 'Bridges'];
const KINDS = ['Sale', 'Deals', 'Electric', 'Acoustic'];

/** A drop-down category menu of `count` bare links of three words into a category tree. */
const categoryMenu = (count: number): string =>
  `<div class="dropdown">${Array.from({ length: count }, (_, index) => `<a href="/catalog/${index}/${WORDS[index % WORDS.length]!.toLowerCase()}-${index}.html">${WORDS[index % WORDS.length]} ${KINDS[Math.floor(index / WORDS.length) % KINDS.length]} ${Math.floor(index / 48)}</a>`).join('')}</div>`;
/** A results table of `count` products: a long name, a price and (`dated`) the day it was listed in each row. */
const results = (count: number, dated = false): string =>
  `<table class="results"><tbody>${Array.from({ length: count }, (_, index) => `<tr><td><a href="/product/guitar-model-${index}.html">Electric guitar model ${index} with a maple neck</a></td><td>${100 + index},00 EUR</td>${dated ? `<td>${10 + (index % 18)} March 2025</td>` : ''}</tr>`).join('')}</tbody></table>`;

type Entry = RankingInput & { features: ScoreFeature[]; score: number };

/** The menu and the results of a page as the hand score ranks them, the menu forced `gap` points ahead. */
function menuAhead(html: string, gap: number) {
  let observed: RankingObservation<ObservedList> | undefined;
  const document = page(html, PAGE_URL).document;
  rankDomCandidates(document, PAGE_URL, undefined, { model: observing, observe: (observation) => { observed = observation; } });
  if (!observed) throw new Error('the DOM tier did not report its candidates');
  const entries = observed.entries as unknown as Entry[];
  const menuEntry = entries.find((entry) => entry.items.some((item) => item.url?.includes('/catalog/')))!;
  const resultsEntry = entries.find((entry) => entry.items.length > 0 && entry.items.every((item) => item.url?.includes('/product/')))!;
  expect(menuEntry).toBeDefined();
  expect(resultsEntry).toBeDefined();
  menuEntry.score = resultsEntry.score + gap;
  return { ranked: [menuEntry, resultsEntry], menuEntry, resultsEntry, page: { root: document, urls: createPageUrls(PAGE_URL) } };
}

describe('preferOverMenuLeader', () => {
  it('puts a close, smaller list in front of a menu of bare links that leads by its size', () => {
    const { ranked, resultsEntry, page: around } = menuAhead(`<body>${categoryMenu(120)}<main>${results(10)}</main></body>`, 1.5);
    const choice = preferOverMenuLeader(ranked, 2000, around);
    expect(choice.moved).toBe(resultsEntry);
    expect(choice.ranked[0]).toBe(resultsEntry);
    expect(resultsEntry.features.some((feature) => feature.name === 'overMenuLeader')).toBe(true);
  });

  it('keeps the leader when the other list is not close behind it', () => {
    const { ranked, menuEntry, page: around } = menuAhead(`<body>${categoryMenu(120)}<main>${results(10)}</main></body>`, 2.5);
    const choice = preferOverMenuLeader(ranked, 2000, around);
    expect(choice.moved).toBeUndefined();
    expect(choice.ranked[0]).toBe(menuEntry);
  });

  it('keeps a leader of bare links that is not at least twice the other list (its size is not what leads)', () => {
    const { ranked, menuEntry, page: around } = menuAhead(`<body>${categoryMenu(12)}<main>${results(10)}</main></body>`, 1);
    const choice = preferOverMenuLeader(ranked, 2000, around);
    expect(choice.moved).toBeUndefined();
    expect(choice.ranked[0]).toBe(menuEntry);
  });

  it('keeps a leader whose rows carry more than a bare short link', () => {
    const html = `<body>${results(120).replace('class="results"', 'class="more"').replaceAll('/product/', '/catalog/')}<main>${results(10)}</main></body>`;
    const { ranked, menuEntry, page: around } = menuAhead(html, 1);
    const choice = preferOverMenuLeader(ranked, 2000, around);
    expect(choice.moved).toBeUndefined();
    expect(choice.ranked[0]).toBe(menuEntry);
  });

  it('leaves bare links that are the cells of close rows to rows over cells', () => {
    const meetings = Array.from({ length: 30 }, (_, n) => `<tr><td>${n + 1} May 2026</td>${['Agenda', 'Minutes', 'Video', 'Details'].map((label) => `<td><a href="/meetings/${n}/${label.toLowerCase()}">${label} ${n + 1}</a></td>`).join('')}</tr>`).join('');
    const people = Array.from({ length: 8 }, (_, n) => `<li><a href="/people/member-${n}">Council member number ${n}</a> <span>Ward ${n}</span></li>`).join('');
    const html = `<body><main><table><tbody>${meetings}</tbody></table></main><ul class="people">${people}</ul></body>`;
    let observed: RankingObservation<ObservedList> | undefined;
    const document = page(html, PAGE_URL).document;
    rankDomCandidates(document, PAGE_URL, undefined, { model: observing, observe: (observation) => { observed = observation; } });
    const entries = observed!.entries as unknown as Entry[];
    const cells = entries.find((entry) => entry.items.length >= 100)!;
    const rows = entries.find((entry) => entry.items.length === 30)!;
    const names = entries.find((entry) => entry.items.some((item) => item.url?.includes('/people/')))!;
    [names.score, rows.score, cells.score] = [10, 10.5, 11.5];
    const choice = preferOverMenuLeader([cells, rows, names], 2000, { root: document, urls: createPageUrls(PAGE_URL) });
    expect(choice.moved).toBeUndefined();
    // Without the rows close behind, the same cells are a menu and the names take the lead.
    const alone = preferOverMenuLeader([cells, names], 2000, { root: document, urls: createPageUrls(PAGE_URL) });
    expect(alone.moved).toBe(names);
  });

  it("keeps a leader whose bare links repeat the same few labels (a table's columns, not a menu)", () => {
    const meetings = Array.from({ length: 30 }, (_, n) => `<tr><td>${n + 1} May 2026</td>${['Agenda', 'Minutes', 'Video', 'Details'].map((label) => `<td><a href="/meetings/${n}/${label.toLowerCase()}">${label}</a></td>`).join('')}</tr>`).join('');
    const people = Array.from({ length: 8 }, (_, n) => `<li><a href="/people/member-${n}">Council member number ${n}</a> <span>Ward ${n}</span></li>`).join('');
    let observed: RankingObservation<ObservedList> | undefined;
    const document = page(`<body><main><table><tbody>${meetings}</tbody></table></main><ul class="people">${people}</ul></body>`, PAGE_URL).document;
    rankDomCandidates(document, PAGE_URL, undefined, { model: observing, observe: (observation) => { observed = observation; } });
    const entries = observed!.entries as unknown as Entry[];
    const cells = entries.find((entry) => entry.items.length >= 100)!;
    const names = entries.find((entry) => entry.items.some((item) => item.url?.includes('/people/')))!;
    [names.score, cells.score] = [10, 11.5];
    expect(preferOverMenuLeader([cells, names], 2000, { root: document, urls: createPageUrls(PAGE_URL) }).moved).toBeUndefined();
  });

  it('is on by default: a search page whose big category menu outscores its results gives the results', async () => {
    const html = `<!doctype html><html><body>${categoryMenu(250)}<main>${results(20, true)}</main></body></html>`;
    const off = await createAutoSource({ menuLeader: false }).extract(page(html, PAGE_URL), context());
    const byDefault = await createAutoSource().extract(page(html, PAGE_URL), context());
    // Without the rule the menu's 250 links lead on their number alone (by under two points).
    expect(off.items).toHaveLength(250);
    expect(byDefault.items.map((item) => item.url)).toEqual(Array.from({ length: 20 }, (_, index) => `https://example.test/product/guitar-model-${index}.html`));
  });
});
