#!/usr/bin/env node
// gate17.mjs — seventeenth session (issue #16): the product-page facts (surface/product-page.ts) of
// every labelled page that reaches the article gate with members on the page — one shown <h1>
// naming the page, outside the list, a buy box outside the list, a declared product — observed with
// the gate never refusing (as discussion16.mjs), so single pages and lists are read alike. JSON lines
// to --out; read with gate17.py beside the score files of corpus/tools/score-inprocess.mjs.
//
//   node corpus/fit/experiments/gate17.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
import { appendFileSync, writeFileSync } from 'node:fs';
import { commandLine, itemsOrNone, labelledPages, loadBuilt, parsePage, readHtml } from './labelled-pages.mjs';

const { createAutoSource } = await loadBuilt('packages/auto-source/dist/index.js');
const { ARTICLE_GATE_MODEL } = await loadBuilt('packages/auto-source/dist/surface/article-gate-model.js');
const { value, only } = commandLine();
const out = value('--out') ?? '/tmp/gate17/product.jsonl';
writeFileSync(out, '');
const keepAll = { ...ARTICLE_GATE_MODEL, threshold: 2 };
let check;
const source = createAutoSource({ articleModel: keepAll, articleVeto: false, discussionRefusals: false, onArticleCheck: (observed) => { check = observed; } });
// `--only` matches the page's name (without its corpus).
for (const entry of labelledPages({ only })) {
  const document = parsePage(readHtml(entry), entry);
  check = undefined;
  await itemsOrNone(source, document, entry.record.url);
  appendFileSync(out, `${JSON.stringify({ page: entry.key, expect: entry.record.expect_error ?? 'list', product: check?.product })}\n`);
}
