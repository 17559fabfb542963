#!/usr/bin/env node
// gate_observe9.mjs — ninth session (issue #16): every labelled page of both corpora run once with
// the article gate observed and never refusing, so that for each page we know the gate's inputs, the
// shipped model's probability, the hand rules' verdict, the page's declarations, and the F1 of the
// list the cascade would return if the gate kept it. Writes JSON lines to --out.
//
//   node corpus/fit/experiments/gate_observe9.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
import { existsSync, readdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadMatcher } from '../match.mjs';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource } = await load('packages/auto-source/dist/index.js');
const { ARTICLE_GATE_MODEL } = await load('packages/auto-source/dist/surface/article-gate-model.js');
const { articleProbability } = await load('packages/auto-source/dist/surface/article-gate.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const scoreItems = await loadMatcher(SHARED);
const argv = process.argv.slice(2);
const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const only = value('--only') ? new RegExp(value('--only')) : null;
const out = value('--out') ?? '/tmp/gate9/observe.jsonl';
writeFileSync(out, '');
const context = (url) => ({ config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } });
const asScored = (item) => ({ url: item.url, title: item.title, text: typeof item.description === 'string' ? item.description.replace(/<[^>]*>/g, ' ') : undefined });
// A model that never refuses: the gate's inputs are observed, the rules decide only lists without members.
const keepAll = { ...ARTICLE_GATE_MODEL, threshold: 2 };

for (const [corpus, dir] of [['public', join(SHARED, 'corpus')], ['own', join(ROOT, 'corpus')]]) {
  for (const name of readdirSync(join(dir, 'truth')).filter((file) => file.endsWith('.json')).sort()) {
    const page = name.replace(/\.json$/, '');
    if (only && !only.test(page)) continue;
    const record = JSON.parse(readFileSync(join(dir, 'truth', name), 'utf8'));
    if (!record.file?.endsWith('.html')) continue;
    const label = record.expect_error === 'not_a_list' ? 'article' : record.expect_error ? undefined : 'list';
    if (!label) continue;
    const path = join(dir, 'pages', record.file);
    if (!existsSync(path)) continue;
    const html = decodeBody(readFileSync(path), 'text/html').text;
    const document = parseHtmlSource(html, record.url);
    let check;
    const source = createAutoSource({ articleModel: keepAll, onArticleCheck: (observed) => { check = observed; } });
    let items;
    let failure;
    try {
      ({ items } = await source.extract(document, context(record.url)));
    } catch (error) {
      failure = String(error?.details?.reason ?? error?.message ?? error);
    }
    const f1 = items ? scoreItems(record, items.map(asScored)) : 0;
    const shipped = check && check.features.members > 0 ? articleProbability(check.features, ARTICLE_GATE_MODEL) : undefined;
    const og = /<meta[^>]+(?:property|name)=["']og:type["'][^>]*>/i.exec(html)?.[0];
    const ogType = og ? /content=["']([^"']*)/i.exec(og)?.[1] ?? '' : null;
    const ldTypes = [...html.matchAll(/"@type"\s*:\s*"([^"]+)"/g)].map((match) => match[1]);
    const row = { page: `${corpus}:${page}`, repo: record.source?.repo ?? corpus, url: record.url, label, f1: +f1.toFixed(3), items: items?.length ?? 0,
      itemUrls: (items ?? []).slice(0, 60).map((item) => item.url), failure, features: check?.features, shipped, ogType, ldTypes: [...new Set(ldTypes)].slice(0, 12) };
    appendFileSync(out, `${JSON.stringify(row)}\n`);
  }
}
