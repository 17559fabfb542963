#!/usr/bin/env node
// dump-results.mjs — every corpus page's whole auto-extraction result as JSON lines: the items with
// all their fields and the diagnostics (scraper, reason, steps, every candidate's score, selectors
// and features), or the error with its code, class and diagnostics. For work that must not change
// any output (speed): dump a built copy of the old tree and this one, then `cmp` the two files.
//
//   node corpus/tools/dump-results.mjs OUT [--root TREE]    (needs `pnpm build` and `pnpm corpus:rebuild`)
//
// --root: the tree whose build is loaded (default: this one); its corpus/pages are read, and the
// public corpus from PAGEFEED_SHARED (default ../shared beside this tree).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const ROOT = rootAt >= 0 ? resolve(args[rootAt + 1]) : resolve(fileURLToPath(new URL('../..', import.meta.url)));
const out = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--root');
if (!out) throw new Error('usage: dump-results.mjs OUT [--root TREE]');
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource } = await load('packages/auto-source/dist/index.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const source = createAutoSource({});
const lines = [];
for (const [truth, pages] of [[join(SHARED, 'corpus/truth'), join(SHARED, 'corpus/pages')], [join(ROOT, 'corpus/truth'), join(ROOT, 'corpus/pages')]]) {
  for (const name of readdirSync(truth).filter((file) => file.endsWith('.json')).sort()) {
    const record = JSON.parse(readFileSync(join(truth, name), 'utf8'));
    const path = join(pages, record.file);
    if (!record.file.endsWith('.html') || !existsSync(path)) continue;
    const { text } = decodeBody(readFileSync(path), 'text/html');
    let result;
    try {
      const extracted = await source.extract(parseHtmlSource(text, record.url), { config: { channel: { url: record.url } } });
      result = { items: extracted.items, diagnostics: extracted.diagnostics };
    } catch (error) {
      result = { error: String(error?.message), code: error?.code, reason: error?.reason, diagnostics: error?.diagnostics };
    }
    lines.push(JSON.stringify({ file: record.file, ...result }));
  }
}
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`${lines.length} pages written to ${out}`);
