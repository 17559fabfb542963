#!/usr/bin/env node
// gate_observe9.mjs — ninth session (issue #16): every labelled page of both corpora run once with
// the article gate observed and never refusing, so that for each page we know the gate's inputs, the
// shipped model's probability, the hand rules' verdict, the page's declarations, and the F1 of the
// list the cascade would return if the gate kept it. Writes JSON lines to --out.
//
//   node corpus/fit/experiments/gate_observe9.mjs --out FILE [--only REGEX]   (needs `pnpm build`)
import { writeFileSync, appendFileSync } from 'node:fs';
import { loadMatcher } from '../match.mjs';
import { SHARED, asScored, commandLine, extractContext, labelOf, labelledPages, loadBuilt, parsePage, readHtml } from './labelled-pages.mjs';

const { createAutoSource } = await loadBuilt('packages/auto-source/dist/index.js');
const { ARTICLE_GATE_MODEL } = await loadBuilt('packages/auto-source/dist/surface/article-gate-model.js');
const { articleProbability } = await loadBuilt('packages/auto-source/dist/surface/article-gate.js');
const scoreItems = await loadMatcher(SHARED);
const { value, only } = commandLine();
const out = value('--out') ?? '/tmp/gate9/observe.jsonl';
writeFileSync(out, '');
// A model that never refuses: the gate's inputs are observed, the rules decide only lists without members.
const keepAll = { ...ARTICLE_GATE_MODEL, threshold: 2 };

for (const entry of labelledPages({ only })) {
  const { record } = entry;
  const label = labelOf(record);
  if (!label) continue;
  const html = readHtml(entry);
  const document = parsePage(html, entry);
  let check;
  const source = createAutoSource({ articleModel: keepAll, onArticleCheck: (observed) => { check = observed; } });
  let items;
  let failure;
  try {
    ({ items } = await source.extract(document, extractContext(record.url)));
  } catch (error) {
    failure = String(error?.details?.reason ?? error?.message ?? error);
  }
  const f1 = items ? scoreItems(record, items.map(asScored)) : 0;
  const shipped = check && check.features.members > 0 ? articleProbability(check.features, ARTICLE_GATE_MODEL) : undefined;
  const og = /<meta[^>]+(?:property|name)=["']og:type["'][^>]*>/i.exec(html)?.[0];
  const ogType = og ? /content=["']([^"']*)/i.exec(og)?.[1] ?? '' : null;
  const ldTypes = [...html.matchAll(/"@type"\s*:\s*"([^"]+)"/g)].map((match) => match[1]);
  const row = { page: entry.key, repo: record.source?.repo ?? entry.corpus, url: record.url, label, f1: +f1.toFixed(3), items: items?.length ?? 0,
    itemUrls: (items ?? []).slice(0, 60).map((item) => item.url), failure, features: check?.features, shipped, ogType, ldTypes: [...new Set(ldTypes)].slice(0, 12) };
  appendFileSync(out, `${JSON.stringify(row)}\n`);
}
