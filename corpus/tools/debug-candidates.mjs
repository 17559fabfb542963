#!/usr/bin/env node
// debug-candidates.mjs — a development aid: for corpus pages matching REGEX, prints the outcome and
// the DOM tier's leading candidates in hand-score order, each with its F1 against the page's truth
// (the shared scorer's matching), its selector and the features that weigh most.
//
//   node corpus/tools/debug-candidates.mjs REGEX [--top N] [--features]   (needs `pnpm build`)
//   CHROME_LEADER=1 turns the ranking's chrome-leader rule on (dom/chrome-leader.ts; off by default).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadMatcher } from '../fit/match.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource, RANKING_FEATURES } = await load('packages/auto-source/dist/index.js');
const { draftOf } = await load('packages/auto-source/dist/dom/item-fields.js');
const { itemsSelector } = await load('packages/auto-source/dist/dom/selectors.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const scoreItems = await loadMatcher(SHARED);
const argv = process.argv.slice(2);
const filter = new RegExp(argv[0] ?? '.');
const top = argv.includes('--top') ? Number(argv[argv.indexOf('--top') + 1]) : 6;
const asScored = (item) => ({ url: item.url, title: item.title, text: typeof item.description === 'string' ? item.description.replace(/<[^>]*>/g, ' ') : undefined });
const ZERO = { features: [...RANKING_FEATURES], weights: RANKING_FEATURES.map(() => 0), means: RANKING_FEATURES.map(() => 0), scales: RANKING_FEATURES.map(() => 1), topK: Math.max(top, 12) };
const context = (url) => ({ config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } });

for (const dir of [join(SHARED, 'corpus'), join(ROOT, 'corpus')]) {
  for (const name of readdirSync(join(dir, 'truth')).filter((file) => file.endsWith('.json')).sort()) {
    if (!filter.test(name)) continue;
    const record = JSON.parse(readFileSync(join(dir, 'truth', name), 'utf8'));
    const path = join(dir, 'pages', record.file);
    if (!record.file.endsWith('.html') || !existsSync(path)) continue;
    const document = parseHtmlSource(decodeBody(readFileSync(path), 'text/html').text, record.url);
    let observed;
    let gate;
    let line;
    try {
      const result = await createAutoSource({ ...(process.env.CHROME_LEADER === '1' ? { chromeLeader: true } : {}), rankingModel: ZERO, onRanking: (o) => { observed = o; }, onArticleCheck: (c) => { gate = c; } }).extract(document, context(record.url));
      line = `${result.items.length} items via ${result.diagnostics.scraper}, F1 ${record.expect_error ? '-' : scoreItems(record, result.items.map(asScored)).toFixed(3)}`;
    } catch (error) {
      line = `ERROR ${error?.details?.class ?? error?.class}: ${error.message}`;
    }
    console.log(`\n## ${name.replace('.json', '')} (${record.kind}, ${record.expected_urls?.length ?? record.expected_titles?.length ?? 0} expected) ${line}`);
    if (gate) console.log(`   gate p=${gate.probability.toFixed(2)} ${JSON.stringify(Object.fromEntries(Object.entries(gate.features).map(([k, v]) => [k, +v.toFixed(2)])))}`);
    if (!observed) continue;
    observed.entries.slice(0, top).forEach((entry, index) => {
      const f1 = record.expect_error ? NaN : scoreItems(record, entry.items.map((item) => asScored(draftOf(item))));
      const feats = entry.features.filter((f) => Math.abs(f.weight) >= 0.3).map((f) => `${f.name}=${f.weight}`).join(' ');
      console.log(`   ${index}. ${entry.score} n=${entry.items.length} F1=${f1.toFixed(3)} ${entry.group.kind}:${itemsSelector(entry.group).slice(-100)}`);
      if (argv.includes('--features')) console.log(`        ${feats}`);
      console.log(`        e.g. ${entry.items.slice(0, 3).map((item) => `${(item.title ?? '').slice(0, 40)} <${(item.url ?? '').slice(-50)}>`).join(' | ')}`);
    });
  }
}
