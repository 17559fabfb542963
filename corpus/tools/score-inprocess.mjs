#!/usr/bin/env node
// score-inprocess.mjs — a quick in-process rescore of every page of both corpora with the shared
// scorer's matching (corpus/fit/match.mjs), for comparing builds while working on the extractor.
// The figures that count are `pnpm corpus:score`'s (the CLI, as a user runs it); this gives the same
// outcome per page in a fraction of the time. Writes per-page F1s to --out and, with --before FILE,
// lists every page that moved.
//
//   node corpus/tools/score-inprocess.mjs [--out FILE] [--before FILE] [--only REGEX]   (needs `pnpm build`)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadMatcher } from '../fit/match.mjs';
import { ruleSwitches } from './rule-switches.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource, FITTED_TREE_MODEL, FITTED_CHALLENGER_MODEL, CORRECTED_ARTICLE_GATE_MODEL } = await load('packages/auto-source/dist/index.js');
const { parseHtmlSource, toSourceDocument } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const scoreItems = await loadMatcher(SHARED);
const argv = process.argv.slice(2);
const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const only = value('--only') ? new RegExp(value('--only')) : null;
/** Batch 9's repositories (held out in the third session; in sample from the fourth on). */
const BATCH9 = /^(formasaurus|disharmony|htmlbench|metalwatch|yhmonitor)__/;
const CLASS_RE = { blocked_surface: /blocked/i, blocked: /blocked/i, app_shell: /app[\s_-]?shell/i, not_a_list: /unsupported[\s_-]?surface|not[\s_-]?a[\s_-]?list/i };
const context = (url) => ({ config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } });
const asScored = (item) => ({ url: item.url, title: item.title, text: typeof item.description === 'string' ? item.description.replace(/<[^>]*>/g, ' ') : undefined });

// RANKING_TREES=1: the fitted ranking trees on whether shipped on or not (their cost and effect);
// RANKING_CHALLENGER=1: the fitted challenger logit on (dom/ranking-challenger.ts; off by default);
// CORRECTED_GATE=1: the twelfth session's corrected article gate (surface/article-gate-corrected-model.ts; off by default);
// the rules' switches (DECLARED_ITEMS=1, HIDDEN_PANELS=0, ...) are listed in rule-switches.mjs.
const source = createAutoSource({
  ...ruleSwitches(),
  ...(process.env.RANKING_TREES === '1' ? { rankingModel: FITTED_TREE_MODEL } : {}),
  ...(process.env.RANKING_CHALLENGER === '1' ? { rankingModel: FITTED_CHALLENGER_MODEL } : {}),
  ...(process.env.CORRECTED_GATE === '1' ? { articleModel: CORRECTED_ARTICLE_GATE_MODEL } : {}),
});
const results = {};
for (const [corpus, dir] of [['public', join(SHARED, 'corpus')], ['own', join(ROOT, 'corpus')]]) {
  for (const name of readdirSync(join(dir, 'truth')).filter((file) => file.endsWith('.json')).sort()) {
    const page = name.replace(/\.json$/, '');
    if (only && !only.test(page)) continue;
    const record = JSON.parse(readFileSync(join(dir, 'truth', name), 'utf8'));
    const path = join(dir, 'pages', record.file);
    if (!existsSync(path)) continue;
    const document = record.file.endsWith('.json')
      ? toSourceDocument({ url: record.url, status: 200, headers: {}, contentType: 'application/json', body: readFileSync(path, 'utf8') })
      : parseHtmlSource(decodeBody(readFileSync(path), 'text/html').text, record.url);
    let items;
    let failure;
    try {
      ({ items } = await source.extract(document, context(record.url)));
    } catch (error) {
      failure = String(error?.details?.class ?? error?.class ?? error?.code ?? error);
    }
    const expected = record.expect_error;
    let f1;
    if (expected) f1 = failure !== undefined && (CLASS_RE[expected] ?? new RegExp(expected, 'i')).test(failure) ? 1 : record.accept_items && items ? scoreItems(record, items.map(asScored)) : 0;
    else f1 = failure !== undefined ? 0 : scoreItems(record, items.map(asScored));
    results[`${corpus}:${page}`] = { f1: +f1.toFixed(3), expected: expected ?? null, got: failure ?? `${items.length} items` };
  }
}

function line(label, keys) {
  const lists = keys.filter((key) => !results[key].expected);
  const errors = keys.filter((key) => results[key].expected);
  const mean = lists.reduce((sum, key) => sum + results[key].f1, 0) / (lists.length || 1);
  console.log(`${label}: lists ${lists.length}: mean F1 ${mean.toFixed(3)}, >=0.8 ${lists.filter((key) => results[key].f1 >= 0.8).length}/${lists.length}; errors right ${errors.filter((key) => results[key].f1 === 1).length}/${errors.length}`);
}
const all = Object.keys(results);
line('public', all.filter((key) => key.startsWith('public:')));
line('own, batches 1-8', all.filter((key) => key.startsWith('own:') && !BATCH9.test(key.slice(4))));
line('own, batch 9', all.filter((key) => key.startsWith('own:') && BATCH9.test(key.slice(4))));
line('own, all', all.filter((key) => key.startsWith('own:')));
if (value('--out')) writeFileSync(value('--out'), JSON.stringify(results, null, 1));
if (value('--before')) {
  const before = JSON.parse(readFileSync(value('--before'), 'utf8'));
  for (const key of all) {
    const was = before[key]?.f1;
    if (was !== undefined && Math.abs(was - results[key].f1) >= 0.005) console.log(`${results[key].f1 > was ? 'UP  ' : 'DOWN'} ${key}: ${was} -> ${results[key].f1} (${results[key].got})`);
  }
}
