#!/usr/bin/env node
// discussion15.mjs — fifteenth session (issue #16): every labelled HTML page of both corpora run once
// with the article gate observed and never refusing (as gate_observe9.mjs), writing the facts of
// surface/article-discussion.ts — the list's rows read as the posts of one discussion — beside the
// page's label, so that the post-gate check `discussionRefusals` can be counted against every gate
// offline (gate15.py --discussion FILE). JSON lines to --out.
//
//   node corpus/fit/experiments/discussion15.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
import { writeFileSync, appendFileSync } from 'node:fs';
import { commandLine, extractContext, labelOf, labelledPages, loadBuilt, parsePage, readHtml } from './labelled-pages.mjs';

const { createAutoSource } = await loadBuilt('packages/auto-source/dist/index.js');
const { ARTICLE_GATE_MODEL } = await loadBuilt('packages/auto-source/dist/surface/article-gate-model.js');
const { isDiscussion } = await loadBuilt('packages/auto-source/dist/surface/article-discussion.js');
const { value, only } = commandLine();
const out = value('--out') ?? '/tmp/gate15/discussion.jsonl';
writeFileSync(out, '');
const keepAll = { ...ARTICLE_GATE_MODEL, threshold: 2 };
const source = createAutoSource({ articleModel: keepAll, onArticleCheck: (observed) => { check = observed; } });
let check;
for (const entry of labelledPages({ only })) {
  const label = labelOf(entry.record);
  if (!label) continue;
  const document = parsePage(readHtml(entry), entry);
  check = undefined;
  try {
    await source.extract(document, extractContext(entry.record.url));
  } catch {
    // A refused or failed page: its facts, if the gate saw it, are in `check`.
  }
  const discussion = check?.discussion;
  appendFileSync(out, `${JSON.stringify({ page: entry.key, label, discussion, isDiscussion: discussion ? isDiscussion(discussion) : false })}\n`);
}
