#!/usr/bin/env node
// discussion16.mjs — sixteenth session (issue #16): what the cascade keeps on the pages the
// discussion check (surface/article-discussion.ts) reads — the items' titles and links beside the
// page's title and first heading — so that tool links repeating one label (a thread's "Reply",
// "Quote", permalink icons) can be told from item links to other pages with titles of their own.
// Runs as discussion15.mjs (the gate observed and never refusing); JSON lines to --out.
//
//   node corpus/fit/experiments/discussion16.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
import { writeFileSync, appendFileSync } from 'node:fs';
import { commandLine, itemsOrNone, labelledPages, loadBuilt, parsePage, readHtml } from './labelled-pages.mjs';

const { createAutoSource } = await loadBuilt('packages/auto-source/dist/index.js');
const { ARTICLE_GATE_MODEL } = await loadBuilt('packages/auto-source/dist/surface/article-gate-model.js');
const { value, only } = commandLine();
const out = value('--out') ?? '/tmp/gate16/items.jsonl';
writeFileSync(out, '');
const keepAll = { ...ARTICLE_GATE_MODEL, threshold: 2 };
const source = createAutoSource({ articleModel: keepAll, articleVeto: false, onArticleCheck: (observed) => { check = observed; } });
let check;
const clean = (text) => String(text ?? '').replace(/\s+/g, ' ').trim();
// `--only` matches the scorer's `corpus:page` name here.
for (const entry of labelledPages()) {
  if (only && !only.test(entry.key)) continue;
  const { record } = entry;
  const html = readHtml(entry);
  const document = parsePage(html, entry);
  check = undefined;
  const items = await itemsOrNone(source, document, record.url);
  const title = clean(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]);
  const heading = clean((/<h1[^>]*>([^]*?)<\/h1>/i.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' '));
  appendFileSync(out, `${JSON.stringify({ page: entry.key, url: record.url, expect: record.expect_error ?? 'list', title, heading, discussion: check?.discussion, items: items.slice(0, 60).map((item) => ({ title: clean(item.title).slice(0, 80), url: item.url })) })}\n`);
}
