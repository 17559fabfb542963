#!/usr/bin/env node
// gate_declared10.mjs — tenth session (issue #16): the page's own declaration of one item
// (surface/declared-item.ts) on every labelled HTML page of both corpora, one JSON line per page.
//
//   node corpus/fit/experiments/gate_declared10.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
import { existsSync, readdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { declaredItem } = await load('packages/auto-source/dist/surface/declared-item.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const argv = process.argv.slice(2);
const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const only = value('--only') ? new RegExp(value('--only')) : null;
const out = value('--out') ?? '/tmp/gate10/declared.jsonl';
writeFileSync(out, '');
for (const [corpus, dir] of [['public', join(SHARED, 'corpus')], ['own', join(ROOT, 'corpus')]]) {
  for (const name of readdirSync(join(dir, 'truth')).filter((file) => file.endsWith('.json')).sort()) {
    const page = name.replace(/\.json$/, '');
    if (only && !only.test(page)) continue;
    const record = JSON.parse(readFileSync(join(dir, 'truth', name), 'utf8'));
    if (!record.file?.endsWith('.html')) continue;
    const path = join(dir, 'pages', record.file);
    if (!existsSync(path)) continue;
    const document = parseHtmlSource(decodeBody(readFileSync(path), 'text/html').text, record.url);
    const declared = declaredItem(document.document);
    appendFileSync(out, `${JSON.stringify({ page: `${corpus}:${page}`, expected: record.expect_error ?? null, declared: declared ?? null })}\n`);
  }
}
