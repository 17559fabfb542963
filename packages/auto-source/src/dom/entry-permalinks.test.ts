import { describe, expect, it } from 'vitest';
import { parseHtmlSource } from '@pagefeed/core';
import { createAutoSource } from '../create-auto-source.js';
import { context } from '../test-support/helpers.js';
import { ENTRY_PATH, isEntryPath, isEntryPermalink } from './entry-permalinks.js';

// Every page here is written for the test (sixteenth session: changelog entries linked by their
// permalinks, not by the words linked inside their sentences).
const PAGE_URL = 'https://tool.example.test/changes';
const CATEGORIES = ['Command line', 'Web API', 'Deprecation', 'Command line', 'Apps', 'Web API', 'Apps'];
const SENTENCES = [
  'Version 4.2.0 of the command line tools is out. It fixes a crash when a run is interrupted during sign-in.',
  'The <a href="/methods/people.list">people.list</a> method now returns the time zone of each person. See the <a href="/docs/people">people guide</a> for the fields and for the names of the places they work from.',
  'Tokens of the old kind stop working next spring. Read the <a href="/docs/tokens">token migration notes</a> before then.',
  'Version 4.1.3 of the command line tools signs every upload. Nothing else changes.',
  'Apps can now ask for a shorter set of scopes when they are installed in a single space.',
  'The <a href="/methods/files.share">files.share</a> method accepts several files at once, up to ten.',
  'Apps listed in the directory show their privacy notes on their own page from today.',
];

/** A changelog: each entry a category label, a paragraph, and a permalink icon to its own fragment. */
const changelog = (): string =>
  `<div class="log">${SENTENCES.map(
    (sentence, n) => `<div><a name="change-${n}"></a><div class="entry"><div class="category">${CATEGORIES[n]}</div>
      <div class="body"><p>${sentence}</p></div><a href="#change-${n}" class="entry-anchor"><i class="icon icon-link"></i></a></div></div>`,
  ).join('')}</div>`;

const HEADLINES = ['Council approves the new library budget', 'Bridge repairs start on the east road', 'Schools open a summer reading club', 'Park cleanup draws a record crowd', 'Bus timetable changes from next month', 'Market square gets new lighting'];

/** A post list whose headlines are links, each post with a "¶" anchor to its place on the page. */
const posts = (): string =>
  `<div class="posts">${HEADLINES.map(
    (headline, n) => `<article id="post-${n}"><h2><a href="/posts/${300 + n}">${headline}</a></h2><p>A few lines about the story, as the front page shows them.</p><a href="#post-${n}">¶</a></article>`,
  ).join('')}</div>`;

async function extract(body: string, entryPermalinks?: boolean) {
  const options = entryPermalinks === undefined ? {} : { entryPermalinks };
  return createAutoSource(options).extract(parseHtmlSource(`<!doctype html><html><body><main><h1>Changes</h1>${body}</main></body></html>`, PAGE_URL), context());
}

describe('isEntryPermalink / ENTRY_PATH', () => {
  const anchor = (html: string) => {
    const document = parseHtmlSource(`<html><body>${html}</body></html>`, PAGE_URL).document;
    const find = (node: { children?: unknown[]; name?: string }): unknown => {
      if (node.name === 'a') return node;
      for (const child of node.children ?? []) {
        const found = find(child as { children?: unknown[]; name?: string });
        if (found) return found;
      }
      return undefined;
    };
    return find(document as never) as import('domhandler').Element;
  };

  it('reads a fragment link without words, "¶" or a permalink class as a permalink', () => {
    expect(isEntryPermalink(anchor('<a href="#v4"><i class="icon"></i></a>'))).toBe(true);
    expect(isEntryPermalink(anchor('<a href="#v4">¶</a>'))).toBe(true);
    expect(isEntryPermalink(anchor('<a href="#v4" class="header-permalink">Version 4</a>'))).toBe(true);
  });

  it('does not read a named link, a bare "#" or a link to another page as a permalink', () => {
    expect(isEntryPermalink(anchor('<a href="#comments">12 comments</a>'))).toBe(false);
    expect(isEntryPermalink(anchor('<a href="#"></a>'))).toBe(false);
    expect(isEntryPermalink(anchor('<a href="/changes/v4"></a>'))).toBe(false);
  });

  it('has its own link path', () => {
    expect(isEntryPath(ENTRY_PATH)).toBe(true);
    expect(isEntryPath('div > p > a')).toBe(false);
    expect(isEntryPath(undefined)).toBe(false);
  });
});

describe('entryPermalinks: a changelog entry is linked by its permalink', () => {
  it('by default (off), the entries are read by the links inside their sentences', async () => {
    const { items } = await extract(changelog());
    expect(items.some((item) => item.url === 'https://tool.example.test/methods/people.list')).toBe(true);
    expect(items.length).toBeLessThan(SENTENCES.length);
  });

  it('switched on, every entry is an item linked by its own fragment and titled by its text', async () => {
    const { items } = await extract(changelog(), true);
    expect(items.map((item) => item.url)).toEqual(SENTENCES.map((_, n) => `${PAGE_URL}#change-${n}`));
    // A short text is the whole title; a longer one gives its first sentence.
    expect(items[0]!.title).toBe('Version 4.2.0 of the command line tools is out. It fixes a crash when a run is interrupted during sign-in.');
    expect(items[1]!.title).toBe('The people.list method now returns the time zone of each person.');
  });

  it('switched on, leaves a post list whose headline links lead their posts alone', async () => {
    const { items } = await extract(posts(), true);
    expect(items.map((item) => item.url)).toEqual(HEADLINES.map((_, n) => `https://tool.example.test/posts/${300 + n}`));
    expect(items.map((item) => item.title)).toEqual(HEADLINES);
  });
});
