#!/usr/bin/env node
// gate_siblings.mjs — the eighth session's evidence for the sibling-address rule (issue #16):
// every page of both corpora is run through the cascade with the rule's reason ignored (the items the
// gate would return), and the share of the items' links that point at the page's own kind of address
// (surface/sibling-links.ts) is printed for every page at or above a share, with its label (list or
// article), whether it declares one item (og:type, or one JSON-LD article), its F1 and its repository.
//
//   node corpus/fit/experiments/gate_siblings.mjs [--min 0.2] [--only REGEX]   (needs `pnpm build`, `pnpm corpus:rebuild`)
//
// Figures: BENCHMARKS.md §5, "Eighth session: the article gate".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadMatcher } from '../match.mjs';
import { ROOT, SHARED, commandLine, extractContext, labelOf, labelledPages, loadBuilt, parsePage, readHtml } from './labelled-pages.mjs';

const { createAutoSource } = await loadBuilt('packages/auto-source/dist/index.js');
const { siblingLinks, declaresSingleObject } = await loadBuilt('packages/auto-source/dist/surface/sibling-links.js');
const { articleSignals } = await loadBuilt('packages/auto-source/dist/surface/article.js');
const scoreItems = await loadMatcher(SHARED);

const { value, only } = commandLine();
const minimum = Number(value('--min') ?? 0.2);
const manifest = new Map(readFileSync(join(ROOT, 'corpus/manifest.tsv'), 'utf8').split('\n').slice(1).map((line) => line.split('\t')).map(([file, repo]) => [file, repo]));
// This measurement scored titles and links only (no description text), as it did when it was written.
const asScored = (item) => ({ url: item.url, title: item.title });

const rows = [];
for (const entry of labelledPages({ only })) {
  const { record, corpus } = entry;
  const label = labelOf(record);
  if (!label) continue;
  const document = parsePage(readHtml(entry), entry);
  let items;
  try {
    ({ items } = await createAutoSource().extract(document, extractContext(record.url)));
  } catch (error) {
    // Refused by this rule: the items it saw are in the diagnostics' winner; rerun without it is not
    // possible from outside, so read the refusal's share from the message.
    const share = /(\d+) % of the list's links point at pages of its own address kind/.exec(error?.message ?? '');
    if (share) rows.push({ page: entry.key, repo: manifest.get(record.file) ?? `${corpus} corpus`, label, share: Number(share[1]) / 100, declared: true, f1: '(refused by the rule)' });
    continue;
  }
  const { share } = siblingLinks(record.url, items);
  if (share < minimum) continue;
  const declared = declaresSingleObject(document.document) || articleSignals(document.document).jsonLdArticle;
  rows.push({ page: entry.key, repo: manifest.get(record.file) ?? `${corpus} corpus`, label, share, declared, f1: scoreItems(record, items.map(asScored)).toFixed(3) });
}
rows.sort((left, right) => Number(right.declared) - Number(left.declared) || left.label.localeCompare(right.label) || right.share - left.share);
for (const row of rows) console.log(`${row.declared ? 'declared  ' : 'undeclared'} ${row.label.padEnd(7)} ${row.share.toFixed(2)}  ${row.page}  (${row.repo}; F1 ${row.f1})`);
const count = (declared, label) => rows.filter((row) => row.declared === declared && row.label === label);
for (const declared of [true, false]) {
  for (const label of ['article', 'list']) {
    const found = count(declared, label);
    console.log(`${declared ? 'declared' : 'undeclared'} ${label}s with share >= ${minimum}: ${found.length} pages, ${new Set(found.map((row) => row.repo)).size} repositories`);
  }
}
