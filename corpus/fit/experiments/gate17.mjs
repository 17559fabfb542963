#!/usr/bin/env node
// gate17.mjs — seventeenth session (issue #16): the product-page facts (surface/product-page.ts) of
// every labelled page that reaches the article gate with members on the page — one shown <h1>
// naming the page, outside the list, a buy box outside the list, a declared product — observed with
// the gate never refusing (as discussion16.mjs), so single pages and lists are read alike. JSON lines
// to --out; read with gate17.py beside the score files of corpus/tools/score-inprocess.mjs.
//
//   node corpus/fit/experiments/gate17.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
// --cost N: instead, every Nth labelled page extracted with `productPages` on and off in alternating
// order (CPU time of the extraction, four rounds, each order twice), the per-page difference's median and mean printed.
import { appendFileSync, writeFileSync } from 'node:fs';
import { commandLine, itemsOrNone, labelledPages, loadBuilt, parsePage, readHtml } from './labelled-pages.mjs';

const { createAutoSource } = await loadBuilt('packages/auto-source/dist/index.js');
const { ARTICLE_GATE_MODEL } = await loadBuilt('packages/auto-source/dist/surface/article-gate-model.js');
const { value, only } = commandLine();
if (value('--cost')) {
  const every = Number(value('--cost'));
  // COST_CALIBRATE=1: both sources off, the noise of the measure itself.
  const on = createAutoSource({ productPages: process.env.COST_CALIBRATE !== '1' });
  const off = createAutoSource({ productPages: false });
  const cpu = async (source, document, url) => {
    const start = process.cpuUsage();
    await itemsOrNone(source, document, url);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const differences = [];
  let index = 0;
  for (const entry of labelledPages({ only })) {
    if (index++ % every !== 0) continue;
    const html = readHtml(entry);
    let sum = 0;
    for (let round = 0; round < 4; round += 1) {
      // A fresh parse each time: the page's memos (texts, scans) are kept on its nodes.
      const first = round % 2 === 0 ? on : off;
      const second = first === on ? off : on;
      const a = await cpu(first, parsePage(html, entry), entry.record.url);
      const b = await cpu(second, parsePage(html, entry), entry.record.url);
      sum += first === on ? a - b : b - a;
    }
    differences.push(sum / 4);
  }
  differences.sort((left, right) => left - right);
  const mean = differences.reduce((total, value) => total + value, 0) / differences.length;
  console.log(`${differences.length} pages: per-page CPU difference (on - off) median ${differences[Math.floor(differences.length / 2)].toFixed(3)} ms, mean ${mean.toFixed(3)} ms`);
  process.exit(0);
}
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
