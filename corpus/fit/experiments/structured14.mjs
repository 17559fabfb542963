#!/usr/bin/env node
// structured14.mjs — issue #16, fourteenth session: on which list pages does a structured tier
// (JSON-LD, microdata, app state, JSON) win the cascade, and would the DOM tier's own list have been
// better? For every list page of both corpora (development data only: corpus/truth at this commit)
// whose winner is not the DOM tier, the DOM tier alone (`tiers: [dom]`) is run too and both are scored.
//
//   node corpus/fit/experiments/structured14.mjs [--only REGEX] > /tmp/structured.tsv   (needs `pnpm build`)
import { readFileSync } from 'node:fs';
import { loadMatcher } from '../match.mjs';
import { SHARED, asScored, commandLine, extractContext, labelledPages, loadBuilt, parsePage, readHtml } from './labelled-pages.mjs';

const { createAutoSource, defaultTiers } = await loadBuilt('packages/auto-source/dist/index.js');
const { toSourceDocument } = await loadBuilt('packages/core/dist/index.js');
const scoreItems = await loadMatcher(SHARED);
const { only } = commandLine();
const cascade = createAutoSource();
const domOnly = createAutoSource({ tiers: defaultTiers.filter((tier) => tier.scraper.name === 'dom') });

console.log(['page', 'winner', 'items', 'f1', 'domItems', 'domF1', 'domScore', 'expected'].join('\t'));
for (const entry of labelledPages({ only, htmlOnly: false })) {
  const { record } = entry;
  if (record.expect_error) continue;
  const document = () => (record.file.endsWith('.json')
    ? toSourceDocument({ url: record.url, status: 200, headers: {}, contentType: 'application/json', body: readFileSync(entry.path, 'utf8') })
    : parsePage(readHtml(entry), entry));
  let result;
  try {
    result = await cascade.extract(document(), extractContext(record.url));
  } catch {
    continue;
  }
  if (result.diagnostics.scraper === 'dom') continue;
  let dom;
  try {
    dom = await domOnly.extract(document(), extractContext(record.url));
  } catch {
    dom = undefined;
  }
  const f1 = scoreItems(record, result.items.map(asScored));
  const domF1 = dom ? scoreItems(record, dom.items.map(asScored)) : 0;
  console.log([entry.key, result.diagnostics.scraper, result.items.length, f1.toFixed(3), dom?.items.length ?? 0, domF1.toFixed(3), dom?.diagnostics.candidates[0]?.score ?? '', record.expected_count ?? ''].join('\t'));
}
