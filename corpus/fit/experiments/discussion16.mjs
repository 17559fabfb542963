#!/usr/bin/env node
// discussion16.mjs — sixteenth session (issue #16): what the cascade keeps on the pages the
// discussion check (surface/article-discussion.ts) reads — the items' titles and links beside the
// page's title and first heading — so that tool links repeating one label (a thread's "Reply",
// "Quote", permalink icons) can be told from item links to other pages with titles of their own.
// Runs as discussion15.mjs (the gate observed and never refusing); JSON lines to --out.
//
//   node corpus/fit/experiments/discussion16.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
import { existsSync, readdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource } = await load('packages/auto-source/dist/index.js');
const { ARTICLE_GATE_MODEL } = await load('packages/auto-source/dist/surface/article-gate-model.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const argv = process.argv.slice(2);
const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const only = value('--only') ? new RegExp(value('--only')) : null;
const out = value('--out') ?? '/tmp/gate16/items.jsonl';
writeFileSync(out, '');
const context = (url) => ({ config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } });
const keepAll = { ...ARTICLE_GATE_MODEL, threshold: 2 };
const source = createAutoSource({ articleModel: keepAll, articleVeto: false, onArticleCheck: (observed) => { check = observed; } });
let check;
const clean = (text) => String(text ?? '').replace(/\s+/g, ' ').trim();
for (const [corpus, dir] of [['public', join(SHARED, 'corpus')], ['own', join(ROOT, 'corpus')]]) {
  for (const name of readdirSync(join(dir, 'truth')).filter((file) => file.endsWith('.json')).sort()) {
    const page = name.replace(/\.json$/, '');
    if (only && !only.test(`${corpus}:${page}`)) continue;
    const record = JSON.parse(readFileSync(join(dir, 'truth', name), 'utf8'));
    if (!record.file?.endsWith('.html')) continue;
    const path = join(dir, 'pages', record.file);
    if (!existsSync(path)) continue;
    const html = decodeBody(readFileSync(path), 'text/html').text;
    const document = parseHtmlSource(html, record.url);
    check = undefined;
    let items = [];
    try {
      ({ items } = await source.extract(document, context(record.url)));
    } catch {
      // Refused or failed: no items.
    }
    const title = clean(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]);
    const heading = clean((/<h1[^>]*>([^]*?)<\/h1>/i.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' '));
    appendFileSync(out, `${JSON.stringify({ page: `${corpus}:${page}`, url: record.url, expect: record.expect_error ?? 'list', title, heading, discussion: check?.discussion, items: items.slice(0, 60).map((item) => ({ title: clean(item.title).slice(0, 80), url: item.url })) })}\n`);
  }
}
