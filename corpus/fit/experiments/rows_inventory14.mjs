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
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ruleSwitches } from '../../tools/rule-switches.mjs';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource } = await load('packages/auto-source/dist/index.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const { normUrl } = await import(pathToFileURL(join(SHARED, 'tools/score-corpus.mjs')).href);
const argv = process.argv.slice(2);
const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const below = Number(value('--below') ?? 0.95);
const only = value('--only') ? new RegExp(value('--only')) : null;
const held = value('--held') ? new RegExp(readFileSync(value('--held'), 'utf8').trim()) : /^$/;
const context = (url) => ({ config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } });
const source = createAutoSource(ruleSwitches());
const counts = new Map();

for (const [corpus, dir] of [['public', join(SHARED, 'corpus')], ['own', join(ROOT, 'corpus')]]) {
  for (const name of readdirSync(join(dir, 'truth')).filter((file) => file.endsWith('.json')).sort()) {
    const page = name.replace(/\.json$/, '');
    if (only && !only.test(page)) continue;
    const record = JSON.parse(readFileSync(join(dir, 'truth', name), 'utf8'));
    if (record.expect_error || !record.expected_urls?.length || !record.file.endsWith('.html')) continue;
    const path = join(dir, 'pages', record.file);
    if (!existsSync(path)) continue;
    const html = decodeBody(readFileSync(path), 'text/html').text;
    const document = parseHtmlSource(html, record.url);
    let items = [];
    try {
      ({ items } = await source.extract(document, context(record.url)));
    } catch {
      items = [];
    }
    const truth = new Set();
    for (const url of record.expected_urls) for (const key of [url, ...((record.alternates ?? {})[url] ?? [])]) truth.add(normUrl(key));
    const got = [...new Set(items.map((item) => normUrl(item.url)).filter(Boolean))];
    const hits = got.filter((url) => truth.has(url)).length;
    const precision = got.length ? hits / got.length : 0;
    const recall = Math.min(1, hits / record.expected_urls.length);
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
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
    const ratio = got.length / record.expected_urls.length;
    const kind = !got.length
      ? 'other'
      : recall >= 0.8 && precision < 0.8
        ? 'extra'
        : precision >= 0.8 && recall < 0.8
          ? 'cut'
          : ratio >= 0.5 && ratio <= 2 && precision < 0.5 && linked >= 0.6
            ? 'mislinked'
            : 'other';
    const repository = page.split('__')[0];
    const group = corpus === 'public' ? 'public' : held.test(page) ? '61-73' : '1-60';
    const key = `${group} ${kind}`;
    if (!counts.has(key)) counts.set(key, new Set());
    counts.get(key).add(repository);
    const misses = got.filter((url) => !truth.has(url)).slice(0, 3).map((url) => url.slice(-60));
    console.log(`${group}\t${kind}\t${f1.toFixed(3)}\tP=${precision.toFixed(2)} R=${recall.toFixed(2)}\t${got.length}/${record.expected_urls.length}\tlinked=${linked.toFixed(2)}\t${page}\t${misses.join(' | ')}`);
  }
}
console.log('\n# kinds by repository');
for (const [key, repositories] of [...counts].sort()) console.log(`${key}: ${repositories.size} repositories — ${[...repositories].join(' ')}`);
