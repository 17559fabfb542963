#!/usr/bin/env node
// rows_inventory14.mjs — the fourteenth session's rows inventory (branch rows14): for every list
// page (own and public) whose in-process F1 is under a bound, extracts the items with the shipped
// options and sorts the page by what is wrong with the chosen list's items, as counts:
//   extra     — most truth URLs found (recall ≥ 0.8) but many items are not in the truth;
//   cut       — the items found are right (precision ≥ 0.8) but many truth items are missing;
//   mislinked — about as many items as the truth (½–2×) yet few URLs match, while most truth URLs are
//               links the page shows (each row took another link of its own);
//   other     — another block, nothing found, or truth not linkable.
// It prints one line per page (kind, F1, P, R, got/expected counts, share of truth URLs the page
// links, three sample got URLs that miss) and a count of kinds by repository for batches 1–60 and
// 61–73 (the regexes of the session brief, from `--held RE-FILE`).
//
//   node corpus/fit/experiments/rows_inventory14.mjs [--below 0.95] [--held FILE] [--only REGEX]
//   (needs `pnpm build`; PAGEFEED_SHARED points at ../shared; the rule switches of
//   corpus/tools/rule-switches.mjs apply)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleSwitches } from '../../tools/rule-switches.mjs';
import { SHARED, commandLine, itemsOrNone, labelledPages, linkScore, loadBuilt, parsePage, readHtml, rowKind } from './labelled-pages.mjs';

const { createAutoSource } = await loadBuilt('packages/auto-source/dist/index.js');
const { normUrl } = await import(pathToFileURL(join(SHARED, 'tools/score-corpus.mjs')).href);
const { value, only } = commandLine();
const below = Number(value('--below') ?? 0.95);
const held = value('--held') ? new RegExp(readFileSync(value('--held'), 'utf8').trim()) : /^$/;
const source = createAutoSource(ruleSwitches());
const counts = new Map();

for (const entry of labelledPages({ only })) {
  const { record, corpus, page } = entry;
  if (record.expect_error || !record.expected_urls?.length) continue;
  const html = readHtml(entry);
  const document = parsePage(html, entry);
  const items = await itemsOrNone(source, document, record.url);
  const score = linkScore(record, items, normUrl);
  const { truth, got, precision, recall, f1 } = score;
  if (f1 >= below) continue;
  const shown = new Set();
  for (const match of html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)) {
    try {
      shown.add(normUrl(new URL(match[1].replace(/&amp;/g, '&'), record.url).href));
    } catch {
      // an href the URL parser refuses is no link a reader follows
    }
  }
  const linked = record.expected_urls.filter((url) => shown.has(normUrl(url))).length / record.expected_urls.length;
  const kind = rowKind(score, record.expected_urls.length, linked);
  const repository = page.split('__')[0];
  const group = corpus === 'public' ? 'public' : held.test(page) ? '61-73' : '1-60';
  const key = `${group} ${kind}`;
  if (!counts.has(key)) counts.set(key, new Set());
  counts.get(key).add(repository);
  const misses = got.filter((url) => !truth.has(url)).slice(0, 3).map((url) => url.slice(-60));
  console.log(`${group}\t${kind}\t${f1.toFixed(3)}\tP=${precision.toFixed(2)} R=${recall.toFixed(2)}\t${got.length}/${record.expected_urls.length}\tlinked=${linked.toFixed(2)}\t${page}\t${misses.join(' | ')}`);
}
console.log('\n# kinds by repository');
for (const [key, repositories] of [...counts].sort()) console.log(`${key}: ${repositories.size} repositories — ${[...repositories].join(' ')}`);
