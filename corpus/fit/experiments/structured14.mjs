#!/usr/bin/env node
// structured14.mjs — issue #16, fourteenth session: on which list pages does a structured tier
// (JSON-LD, microdata, app state, JSON) win the cascade, and would the DOM tier's own list have been
// better? For every list page of both corpora (development data only: corpus/truth at this commit)
// whose winner is not the DOM tier, the DOM tier alone (`tiers: [dom]`) is run too and both are scored.
//
//   node corpus/fit/experiments/structured14.mjs [--only REGEX] > /tmp/structured.tsv   (needs `pnpm build`)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadMatcher } from '../match.mjs';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource, defaultTiers } = await load('packages/auto-source/dist/index.js');
const { parseHtmlSource, toSourceDocument } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const scoreItems = await loadMatcher(SHARED);
const only = process.argv.includes('--only') ? new RegExp(process.argv[process.argv.indexOf('--only') + 1]) : null;
const context = (url) => ({ config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } });
const asScored = (item) => ({ url: item.url, title: item.title, text: typeof item.description === 'string' ? item.description.replace(/<[^>]*>/g, ' ') : undefined });
const cascade = createAutoSource();
const domOnly = createAutoSource({ tiers: defaultTiers.filter((tier) => tier.scraper.name === 'dom') });

console.log(['page', 'winner', 'items', 'f1', 'domItems', 'domF1', 'domScore', 'expected'].join('\t'));
for (const [corpus, dir] of [['public', join(SHARED, 'corpus')], ['own', join(ROOT, 'corpus')]]) {
  for (const name of readdirSync(join(dir, 'truth')).filter((file) => file.endsWith('.json')).sort()) {
    const page = name.replace(/\.json$/, '');
    if (only && !only.test(page)) continue;
    const record = JSON.parse(readFileSync(join(dir, 'truth', name), 'utf8'));
    const path = join(dir, 'pages', record.file);
    if (record.expect_error || !existsSync(path)) continue;
    const document = () => (record.file.endsWith('.json')
      ? toSourceDocument({ url: record.url, status: 200, headers: {}, contentType: 'application/json', body: readFileSync(path, 'utf8') })
      : parseHtmlSource(decodeBody(readFileSync(path), 'text/html').text, record.url));
    let result;
    try {
      result = await cascade.extract(document(), context(record.url));
    } catch {
      continue;
    }
    if (result.diagnostics.scraper === 'dom') continue;
    let dom;
    try {
      dom = await domOnly.extract(document(), context(record.url));
    } catch {
      dom = undefined;
    }
    const f1 = scoreItems(record, result.items.map(asScored));
    const domF1 = dom ? scoreItems(record, dom.items.map(asScored)) : 0;
    console.log([`${corpus}:${page}`, result.diagnostics.scraper, result.items.length, f1.toFixed(3), dom?.items.length ?? 0, domF1.toFixed(3), dom?.diagnostics.candidates[0]?.score ?? '', record.expected_count ?? ''].join('\t'));
  }
}
