import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, memberOf, page } from '../test-support/helpers.js';
import { isNestedListItem, mostlyNestedItems, nestedItemShare } from './tree-leader.js';

const PAGE_URL = 'https://lessons.test/series?id=7';
const TOPICS = ['History', 'Philosophy', 'Law', 'Ethics'];
const LESSONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const subtopicLink = (topic: string, sub: number): string => `<a href="/topics/${topic.toLowerCase()}/part-${sub}-for-readers">${topic} for readers, part ${sub} of the series</a>`;

/** A category tree: each topic holds a nested list of subtopic links (the tree's lower level). */
const categoryTree = (): string =>
  `<div class="side"><ul id="tree">${TOPICS.map(
    (topic) =>
      `<li class="branch"><a href="/topics/${topic.toLowerCase()}">${topic}</a><ul>${[1, 2, 3, 4, 5].map((sub) => `<li class="branch">${subtopicLink(topic, sub)}</li>`).join('')}</ul></li>`,
  ).join('')}</ul></div>`;
/** The same subtopic links as one flat list (no nesting). */
const flatList = (): string => `<div class="side"><ul>${TOPICS.flatMap((topic) => [1, 2, 3, 4, 5].map((sub) => `<li class="branch">${subtopicLink(topic, sub)}</li>`)).join('')}</ul></div>`;
/** The page's own list: ten lesson rows of a table, each with its title link and a date. */
const lessons = (): string =>
  `<div class="main"><h1>Lessons of the series</h1><table><tbody>${LESSONS.map((lesson) => `<tr><td><a href="/lesson?idx=${900 + lesson}">Lesson ${lesson}: the early period</a></td><td>${10 + lesson}.03.2018</td></tr>`).join('')}</tbody></table></div>`;
const seriesPage = (side = categoryTree()): string => `<html><head><title>Series</title></head><body>${side}${lessons()}</body></html>`;

async function urlsOf(html: string, options: Parameters<typeof createAutoSource>[0] = {}) {
  const { items, diagnostics } = await createAutoSource(options).extract(page(html, PAGE_URL), context());
  return { urls: items.map((item) => item.url), diagnostics };
}

describe('nested list items (dom/tree-leader.ts)', () => {
  it('tells a tree level from a flat list', () => {
    const lower = memberOf('<ul><li><a href="/a">A</a><ul><li data-member><a href="/a1">A one</a></li></ul></li></ul>').member;
    const linkInLower = memberOf('<ul><li><a href="/a">A</a><ul><li><a data-member href="/a1">A one</a></li></ul></li></ul>').member;
    const top = memberOf('<ul><li data-member><a href="/a">A</a><ul><li><a href="/a1">A one</a></li></ul></li></ul>').member;
    const row = memberOf('<table><tr data-member><td><a href="/a">A</a></td></tr></table>').member;
    expect(isNestedListItem(lower)).toBe(true);
    expect(isNestedListItem(linkInLower)).toBe(true);
    expect(isNestedListItem(top)).toBe(false);
    expect(isNestedListItem(row)).toBe(false);
    expect(nestedItemShare([lower, top])).toBe(0.5);
    expect(nestedItemShare([])).toBe(0);
    expect(mostlyNestedItems([lower, top])).toBe(true);
    expect(mostlyNestedItems([lower, top, row])).toBe(false);
    expect(mostlyNestedItems([])).toBe(false);
  });
});

describe('the tree-leader rule (dom/tree-leader.ts)', () => {
  it('is off by default: the tree level that outscores the page list stays chosen', async () => {
    const { urls } = await urlsOf(seriesPage());
    expect(urls).toHaveLength(20);
    expect(urls.every((url) => url?.includes('/topics/'))).toBe(true);
    expect(urls).toEqual((await urlsOf(seriesPage(), { treeLeader: false })).urls);
  });

  it('when on, the flat list goes in front of the tree level that outscores it', async () => {
    const { urls, diagnostics } = await urlsOf(seriesPage(), { treeLeader: true });
    expect(urls).toEqual(LESSONS.map((lesson) => `https://lessons.test/lesson?idx=${900 + lesson}`));
    expect(diagnostics.candidates?.[0]?.features?.some((feature) => feature.name === 'overTreeLeader')).toBe(true);
  });

  it('when on, keeps a leader whose rows are a flat list', async () => {
    // The same links as one flat list: nothing marks them as a tree's level, so the hand order stands.
    const off = await urlsOf(seriesPage(flatList()));
    expect(off.urls.every((url) => url?.includes('/topics/'))).toBe(true);
    const on = await urlsOf(seriesPage(flatList()), { treeLeader: true });
    expect(on.urls).toEqual(off.urls);
    expect(on.diagnostics.candidates?.[0]?.features?.some((feature) => feature.name === 'overTreeLeader')).toBe(false);
  });
});
