#!/usr/bin/env node
// row_links15.mjs — the fifteenth session's rows-and-links inventory (branch rows15). For every own
// and public list page under a bound (in-process F1 with the shipped options, or the rule switches
// of corpus/tools/rule-switches.mjs), it extracts the items and prints what the got links that miss
// the truth say, beside what the truth links the page shows say: the anchor texts, most common first
// (a row's "Public Notice" taken over its "Agenda", "read more" over an unlinked title, a new-post
// icon over the thread title). Pages are grouped by the batch groups of the session brief (1–60,
// 61–73, 74–84, public), read from corpus/fit/held-out.txt (the prefixes under `# batch N`).
// The page kinds (extra / cut / mislinked / other) are those of rows_inventory14.mjs.
//
//   node corpus/fit/experiments/row_links15.mjs [--below 0.95] [--only REGEX]
//   (needs `pnpm build`; PAGEFEED_SHARED points at ../shared)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleSwitches } from '../../tools/rule-switches.mjs';
import { ROOT, SHARED, commandLine, itemsOrNone, labelledPages, linkScore, loadBuilt, parsePage, readHtml, rowKind } from './labelled-pages.mjs';

const { createAutoSource } = await loadBuilt('packages/auto-source/dist/index.js');
const { normUrl } = await import(pathToFileURL(join(SHARED, 'tools/score-corpus.mjs')).href);
const { value, only } = commandLine();
const below = Number(value('--below') ?? 0.95);
const source = createAutoSource(ruleSwitches());

/** Batch number of each own-corpus prefix, from held-out.txt (batches 15 and later). */
function batchOfPrefix() {
  const batches = new Map();
  let batch;
  for (const line of readFileSync(join(ROOT, 'corpus/fit/held-out.txt'), 'utf8').split('\n')) {
    const header = /^#\s*batch\s+(\d+)/i.exec(line);
    if (header) batch = Number(header[1]);
    else if (batch !== undefined && line.trim() && !line.startsWith('#')) for (const prefix of line.trim().split(/[\s|,]+/)) batches.set(prefix, batch);
  }
  return batches;
}
const batches = batchOfPrefix();
const groupOf = (corpus, page) => {
  if (corpus === 'public') return 'public';
  const batch = batches.get(page.split('__')[0]);
  if (batch === undefined || batch <= 60) return '1-60';
  return batch <= 73 ? '61-73' : batch <= 84 ? '74-84' : 'later';
};

/** Every anchor's normalised URL and text (an element tree walk; text without markup). */
function anchorTexts(document, base) {
  const texts = new Map();
  const textOf = (node) => (node.type === 'text' ? node.data : (node.children ?? []).map(textOf).join(''));
  const walk = (node) => {
    if (node.type === 'tag' && node.name === 'a' && node.attribs?.href) {
      try {
        const url = normUrl(new URL(node.attribs.href, base).href);
        const text = textOf(node).replace(/\s+/g, ' ').trim().slice(0, 40) || `[${node.attribs.title ?? node.attribs['aria-label'] ?? 'no text'}]`.slice(0, 40);
        if (!texts.has(url)) texts.set(url, []);
        texts.get(url).push(text);
      } catch {
        // an href the URL parser refuses is no link a reader follows
      }
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(document);
  return texts;
}

const tally = (texts) => {
  const counts = new Map();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts].sort((left, right) => right[1] - left[1]).slice(0, 4).map(([text, count]) => `${count}×"${text}"`).join(' ');
};

for (const entry of labelledPages({ only })) {
  const { record, corpus, page } = entry;
  const group = groupOf(corpus, page);
  if (group === 'later') continue;
  if (record.expect_error || !record.expected_urls?.length) continue;
  const document = parsePage(readHtml(entry), entry);
  const items = await itemsOrNone(source, document, record.url);
  const score = linkScore(record, items, normUrl);
  const { truth, got, f1 } = score;
  if (f1 >= below) continue;
  const texts = anchorTexts(document.document, document.url);
  const gotSet = new Set(got);
  const missTexts = got.filter((url) => !truth.has(url)).flatMap((url) => texts.get(url) ?? ['[not on page]']);
  const lostTexts = record.expected_urls.map(normUrl).filter((url) => !gotSet.has(url) && texts.has(url)).flatMap((url) => texts.get(url));
  const linked = record.expected_urls.filter((url) => texts.has(normUrl(url))).length / record.expected_urls.length;
  const kind = rowKind(score, record.expected_urls.length, linked);
  console.log(`${group}\t${kind}\t${f1.toFixed(3)}\t${got.length}/${record.expected_urls.length}\tlinked=${linked.toFixed(2)}\t${page}\n\tgot-miss: ${tally(missTexts)}\n\ttruth-lost: ${tally(lostTexts)}`);
}
