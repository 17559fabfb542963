#!/usr/bin/env node
// gate_declared10.mjs — tenth session (issue #16): the page's own declaration of one item
// (surface/declared-item.ts) on every labelled HTML page of both corpora, one JSON line per page.
//
//   node corpus/fit/experiments/gate_declared10.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
import { writeFileSync, appendFileSync } from 'node:fs';
import { commandLine, labelledPages, loadBuilt, parsePage, readHtml } from './labelled-pages.mjs';

const { declaredItem } = await loadBuilt('packages/auto-source/dist/surface/declared-item.js');
const { value, only } = commandLine();
const out = value('--out') ?? '/tmp/gate10/declared.jsonl';
writeFileSync(out, '');
for (const entry of labelledPages({ only })) {
  const document = parsePage(readHtml(entry), entry);
  const declared = declaredItem(document.document);
  appendFileSync(out, `${JSON.stringify({ page: entry.key, expected: entry.record.expect_error ?? null, declared: declared ?? null })}\n`);
}
