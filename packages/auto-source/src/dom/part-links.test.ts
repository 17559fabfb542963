import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';
import { liesUnder, linksPartOf } from './part-links.js';

// Every page here is written for the test (seventeenth session: a link under another link of the
// row is a part of the row's item — a forum's newest thread, a story's comments).
const FORUMS = ['Getting Started', 'Hardware and Drivers', 'Software and Updates', 'Networking at Home', 'Games on Linux', 'Programming Corner', 'Off Topic Lounge'];
const THREADS = ['Cannot boot after the upgrade', 'Which printer works best here', 'Update broke my sound again', 'Router drops every evening now', 'Frame rate halves after patch', 'Compiler warns about old flags', 'What are you reading this week'];
const slug = (text: string): string => text.toLowerCase().replace(/ /g, '-');

/** A forum home: per forum a row with its name and description, its newest thread, a poster and a time, and two counts. */
const forumHome = (): string =>
  `<table class="forums"><tbody>${FORUMS.map(
    (forum, n) => `<tr><td><img src="/i/forum.gif" alt=""></td>
      <td><div><a href="/${slug(forum)}/"><strong>${forum}</strong></a></div><div class="small">Questions and answers about ${forum.toLowerCase()}.</div></td>
      <td><div class="small"><div><a href="/${slug(forum)}/${51000 + n}-${slug(THREADS[n]!)}.html"><strong>${THREADS[n]}</strong></a></div>
      <div>by <a href="/members/${800 + n}-user${n}.html">user${n}</a></div><div>Today 1${n}:05 <a href="/${slug(forum)}/${51000 + n}-${slug(THREADS[n]!)}-post${99000 + n}.html#post${99000 + n}"><img src="/i/last.gif" alt="Go to last post"></a></div></div></td>
      <td>${n * 31 + 4}</td><td>${n * 402 + 17}</td></tr>`,
  ).join('')}</tbody></table>`;

async function extract(body: string, partLinks?: boolean) {
  const options = partLinks === undefined ? {} : { partLinks };
  return createAutoSource(options).extract(page(`<!doctype html><html><body><main><h1>Forums</h1>${body}</main></body></html>`, 'https://forum.example.test/'), context());
}

describe('liesUnder / linksPartOf', () => {
  it('reads a link whose path continues another past a slash as lying under it', () => {
    expect(liesUnder('https://a.test/general/5142-title.html', 'https://a.test/general/')).toBe(true);
    expect(liesUnder('https://a.test/story-12/comments', 'https://a.test/story-12')).toBe(true);
    expect(liesUnder('https://a.test/general-chat/', 'https://a.test/general')).toBe(false);
    expect(liesUnder('https://a.test/general/', 'https://a.test/general/')).toBe(false);
    expect(liesUnder('https://b.test/general/5142.html', 'https://a.test/general/')).toBe(false);
    expect(liesUnder('https://a.test/general/5142.html', 'https://a.test/')).toBe(false);
  });

  it('needs the relation in most rows and a different outer link in each', () => {
    const rows = (outer: (n: number) => string) => [0, 1, 2, 3].map((n) => [outer(n), `https://a.test/forum-${n}/${700 + n}-thread.html`] as const);
    expect(linksPartOf(rows((n) => `https://a.test/forum-${n}/`))).toBe(true);
    expect(linksPartOf(rows(() => 'https://a.test/forum-0/'))).toBe(false);
    expect(linksPartOf(rows((n) => `https://a.test/other-${n}/`))).toBe(false);
  });
});

describe('partLinks: a forum home is its forums', () => {
  it('links each forum row by the forum with partLinks, not by its newest thread', async () => {
    const { items } = await extract(forumHome(), true);
    expect(items.map((item) => item.url)).toEqual(FORUMS.map((forum) => `https://forum.example.test/${slug(forum)}/`));
  });

  it('by default reads the forum and its newest thread as two headlines of each row', async () => {
    const { items } = await extract(forumHome());
    const urls = items.map((item) => item.url);
    expect(urls).toContain(`https://forum.example.test/${slug(FORUMS[0]!)}/${51000}-${slug(THREADS[0]!)}.html`);
  });
});
