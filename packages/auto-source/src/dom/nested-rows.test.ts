import { describe, expect, it } from 'vitest';
import type { Element } from 'domhandler';
import { createAutoSource } from '../create-auto-source.js';
import { context, memberOf, page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { leadingLink, threadTreeOf } from './nested-rows.js';
import { selectOnPage } from './selectors.js';

const PAGE_URL = 'https://lists.test/archive/2011-May/thread.html';
const SUBJECTS = ['Build fails on the new compiler', 'Proposal: drop the old config format', 'Release candidate two is out', 'Docs for the plugin API', 'Crash when the cache is full', 'Meeting notes from Tuesday'];

/** One message row: its subject link, an anchor without href and the sender in italics. */
const message = (id: number, subject: string): string => `<li><a href="${id}.html">${subject}</a><a name="${id}"> </a><i>sender ${id % 7}</i>`;

/**
 * A threaded index: each thread's first message, its replies as a list inside it, and replies to
 * replies one level deeper (closing tags left out, as the archive pages leave them).
 */
function threadIndex(): { html: string; ids: number[] } {
  const ids: number[] = [];
  let next = 1000;
  const parts = SUBJECTS.map((subject, thread) => {
    const first = next++;
    ids.push(first);
    let html = message(first, subject);
    if (thread % 2 === 0) {
      const reply = next++;
      ids.push(reply);
      html += `<ul>${message(reply, `Re: ${subject}`)}`;
      const deeper = next++;
      ids.push(deeper);
      html += `<ul>${message(deeper, `Re: ${subject}`)}</ul></ul>`;
    }
    return html;
  });
  const html = `<html><head><title>Archive by thread</title></head><body><h1>May 2011 archives by thread</h1>
    <ul><li><b>Messages sorted by:</b> <a href="subject.html">[ subject ]</a> <a href="date.html">[ date ]</a></li></ul>
    <ul>${parts.join('\n')}</ul><p>Last message date: Tue May 31 2011</p></body></html>`;
  return { html, ids };
}

async function urlsOf(html: string, options: Parameters<typeof createAutoSource>[0] = {}) {
  const { items, diagnostics } = await createAutoSource(options).extract(page(html, PAGE_URL), context());
  return { urls: items.map((item) => item.url), diagnostics };
}

const rowsUnder = (html: string, selector: (element: Element) => boolean): Element[] => findAll(page(html, PAGE_URL).document, selector);

describe('the link a row starts with (dom/nested-rows.ts)', () => {
  it('is the first link before any text of the row and before its nested list', () => {
    expect(leadingLink(memberOf('<ul><li data-member> <b><a data-link href="/m/1.html">Subject</a></b> <i>sender</i></li></ul>').member)?.attribs['href']).toBe('/m/1.html');
    expect(leadingLink(memberOf('<ul><li data-member>Fixed the parser (<a href="/issues/4">#4</a>)</li></ul>').member)).toBeUndefined();
    expect(leadingLink(memberOf('<ul><li data-member><ul><li><a href="/m/2.html">Reply</a></li></ul></li></ul>').member)).toBeUndefined();
    expect(leadingLink(memberOf('<ul><li data-member><a name="top">anchor</a></li></ul>').member)).toBeUndefined();
  });
});

describe('threaded trees (dom/nested-rows.ts)', () => {
  it('takes every row of a threaded tree, in document order, when a level of it leads', () => {
    const { html, ids } = threadIndex();
    const topLevel = rowsUnder(html, (element) => element.name === 'li' && (element.parent as Element).parent?.type === 'tag' && ((element.parent as Element).parent as Element).name === 'body');
    const tree = threadTreeOf(topLevel, PAGE_URL);
    expect(tree?.top.name).toBe('ul');
    expect(tree?.rows.map((row) => leadingLink(row)?.attribs['href'])).toEqual(ids.map((id) => `${id}.html`));
  });

  it('reads replies nested straight inside the list (`ul > ul > li`, old markup) as the same tree', () => {
    const html = `<html><body><ul>${SUBJECTS.slice(0, 4)
      .map((subject, index) => `<li><a href="${3000 + index * 10}.html">${subject}</a></li><ul><li><a href="${3001 + index * 10}.html">Re: ${subject}</a></li></ul>`)
      .join('')}</ul></body></html>`;
    const top = rowsUnder(html, (element) => element.name === 'li' && ((element.parent as Element).parent as Element).name === 'body');
    expect(top).toHaveLength(4);
    expect(threadTreeOf(top, PAGE_URL)?.rows.map((row) => leadingLink(row)?.attribs['href'])).toEqual(['3000', '3001', '3010', '3011', '3020', '3021', '3030', '3031'].map((id) => `${id}.html`));
  });

  it('leaves a category tree alone: its levels link into different folders', () => {
    const topics = ['history', 'law', 'ethics', 'music'];
    const html = `<html><body><ul>${topics.map((topic) => `<li><a href="/topics/${topic}/">${topic}</a><ul>${[1, 2].map((part) => `<li><a href="/topics/${topic}/part-${part}">${topic} part ${part}</a></li>`).join('')}</ul></li>`).join('')}</ul></body></html>`;
    const top = rowsUnder(html, (element) => element.name === 'li' && ((element.parent as Element).parent as Element).name === 'body');
    expect(top).toHaveLength(4);
    expect(threadTreeOf(top, 'https://lists.test/')).toBeUndefined();
  });

  it('leaves releases with nested change notes alone: the notes do not start with a link of the releases', () => {
    const versions = ['2.4.0', '2.3.1', '2.3.0', '2.2.0'];
    const html = `<html><body><ul>${versions.map((version) => `<li><a href="/releases/${version}.html">Version ${version}</a><ul><li>Fixed a crash in <a href="/issues/${version}">the importer</a></li><li>Faster start-up</li></ul></li>`).join('')}</ul></body></html>`;
    const top = rowsUnder(html, (element) => element.name === 'li' && ((element.parent as Element).parent as Element).name === 'body');
    expect(threadTreeOf(top, 'https://lists.test/')).toBeUndefined();
  });

  it('leaves documents with files attached under some of them alone: the attachments are reached another way', () => {
    const days = ['May 4', 'May 11', 'May 18', 'May 25', 'June 1', 'June 8'];
    const agenda = (day: string, index: number): string =>
      `<li><span class="file"><a href="/files/agenda-${index}.pdf">${day}, 2022</a></span>${index % 2 === 0 ? `<ul><li><img src="/icons/sheet.png" alt=""> <a href="/files/comments-${index}.xlsx">Public comment</a></li></ul>` : ''}</li>`;
    const html = `<html><body><ul>${days.map(agenda).join('')}</ul></body></html>`;
    const top = rowsUnder(html, (element) => element.name === 'li' && ((element.parent as Element).parent as Element).name === 'body');
    expect(top).toHaveLength(6);
    expect(threadTreeOf(top, 'https://lists.test/')).toBeUndefined();
  });

  it('leaves a flat list alone', () => {
    const html = `<html><body><ul>${SUBJECTS.map((subject, index) => message(2000 + index, subject)).join('')}</ul></body></html>`;
    const rows = rowsUnder(html, (element) => element.name === 'li');
    expect(threadTreeOf(rows, PAGE_URL)).toBeUndefined();
  });
});

describe('the nested-rows rule through extraction', () => {
  it('is off by default: the index is cut to one level', async () => {
    const { html, ids } = threadIndex();
    const { urls, diagnostics } = await urlsOf(html);
    expect(urls.length).toBeLessThan(ids.length);
    expect(diagnostics.candidates?.[0]?.features?.some((feature) => feature.name === 'nestedRows')).toBe(false);
  });

  it('when on, a thread index gives every message, replies included', async () => {
    const { html, ids } = threadIndex();
    const { urls, diagnostics } = await urlsOf(html, { nestedRows: true });
    expect(urls).toEqual(ids.map((id) => `https://lists.test/archive/2011-May/${id}.html`));
    expect(diagnostics.candidates?.[0]?.features?.some((feature) => feature.name === 'nestedRows')).toBe(true);
    // The selector written for the list (`pagefeed capture`) selects the tree's rows of every depth, not the sort links.
    const selector = diagnostics.candidates?.[0]?.selectors?.items ?? '';
    expect(selectOnPage(page(html, PAGE_URL).document, selector)).toHaveLength(ids.length);
  });

  it("gives a thread's first message its own summary, not its replies' text", async () => {
    const { html } = threadIndex();
    const { items } = await createAutoSource({ nestedRows: true }).extract(page(html, PAGE_URL), context());
    const first = items.find((item) => item.title === SUBJECTS[0]);
    expect(first?.description).toBe('sender 6');
  });

});
