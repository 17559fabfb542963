import { describe, expect, it } from 'vitest';
import { parseHtmlSource } from '@pagefeed/core';
import { createAutoSource } from '../create-auto-source.js';
import { context } from '../test-support/helpers.js';

// Every page here is written for the test (seventeenth session: a list grouped under headings is
// every entry under each heading, not the first entry of each group).
const PAGE_URL = 'https://papers.example.test/recent';
// Journal names are short, as most are: the heading blocks do not read as a list of titles of their own.
const SOURCES = ['Ratio', 'Mind', 'Dialogue', 'Topoi', 'Erkenntnis', 'Sophia', 'Analysis', 'Synthese'];
const WORDS = ['Truth', 'Knowledge', 'Belief', 'Meaning', 'Reference', 'Memory', 'Evidence', 'Doubt', 'Reason', 'Perception', 'Action', 'Language'];

/** Entry titles, `perSource[n]` under the n-th source. */
function entriesOf(perSource: readonly number[]): { source: string; papers: { id: string; title: string }[] }[] {
  let count = 0;
  return perSource.map((papers, n) => ({
    source: SOURCES[n]!,
    papers: Array.from({ length: papers }, () => {
      count += 1;
      const word = WORDS[count % WORDS.length]!;
      return { id: `P${1000 + count}`, title: `Author ${count}, ${word} and ${WORDS[(count * 5) % WORDS.length]} in Question ${count}` };
    }),
  }));
}

/** Papers grouped under their journal's name: a heading block, then a block with the entries. */
const grouped = (perSource: readonly number[]): string =>
  `<div id="entries">${entriesOf(perSource)
    .map(
      ({ source, papers }) => `<div class="group"><div class="heading"><a class="source" href="/journal/${source.toLowerCase().replace(/ /g, '-')}">${source}</a></div>
      <div class="group"><ol class="entries">${papers
        .map(
          ({ id, title }) => `<li class="entry"><span class="citation"><a href="/rec/${id}">${title}</a></span>
          <div class="extras"><a href="/go?id=${id}">Direct download</a> <a href="/rec/${id}#more">2 more</a></div></li>`,
        )
        .join('')}</ol></div></div>`,
    )
    .join('')}</div>`;

async function extract(body: string, entryGroups?: boolean) {
  const options = entryGroups === undefined ? {} : { entryGroups };
  return createAutoSource(options).extract(parseHtmlSource(`<!doctype html><html><body><main><h1>New papers</h1>${body}</main></body></html>`, PAGE_URL), context());
}

describe('entryGroups: every entry under each heading is an item', () => {
  const perSource = [2, 3, 2, 1, 3, 2, 2, 3];
  const papers = entriesOf(perSource).flatMap((group) => group.papers);

  it('gives every paper of every journal with entryGroups, and no journal link', async () => {
    const result = await extract(grouped(perSource), true);
    expect(result.items.map((item) => item.url)).toEqual(papers.map(({ id }) => `https://papers.example.test/rec/${id}`));
  });

  it('by default reads each journal as one row, linked by its first paper', async () => {
    const result = await extract(grouped(perSource));
    const firsts = entriesOf(perSource).map((group) => `https://papers.example.test/rec/${group.papers[0]!.id}`);
    expect(result.items.map((item) => item.url)).toEqual(firsts);
  });

  it('keeps a list with one entry per group the same either way', async () => {
    const single = grouped([1, 1, 1, 1, 1, 1, 1, 1]);
    const on = await extract(single, true);
    const off = await extract(single, false);
    expect(on.items.map((item) => item.url)).toEqual(off.items.map((item) => item.url));
  });

  it('leaves a topic table alone whose title and last-post cells share their markup', async () => {
    const topics = ['Server down since noon', 'Patch notes for the spring', 'Guild wars next weekend', 'Looking for a trading partner', 'Lost items after the update', 'Ideas for the next event'];
    const table = `<table class="board">${topics
      .map(
        (topic, n) => `<tr><td><div><a href="/thread/${4200 + n}">${topic}</a></div></td><td><div><a href="/profile/${70 + n}">Player ${n}</a></div></td>
        <td><div><a href="/thread/${4200 + n}/post/${9900 + n}">Re: ${topic}</a></div><div>0${n + 1}.03.2024</div></td></tr>`,
      )
      .join('')}</table>`;
    const on = await extract(table, true);
    const off = await extract(table, false);
    expect(on.items.map((item) => item.url)).toEqual(off.items.map((item) => item.url));
    expect(on.items.length).toBe(topics.length);
  });
});
