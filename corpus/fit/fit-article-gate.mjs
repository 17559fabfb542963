#!/usr/bin/env node
// fit-article-gate.mjs — fits auto-source's article gate (a logistic regression: "is this page one
// article whose 'list' is only related links, a sidebar or comments?") on the extraction corpus,
// reports its leave-one-repository-out cross-validated accuracy, and writes the fitted model to
// packages/auto-source/src/surface/article-gate-model.ts.
//
//   node corpus/fit/fit-article-gate.mjs [--dry-run]      (needs `pnpm build` and `pnpm corpus:rebuild`)
//
// Training pages: every corpus page that reaches the gate (the cascade found a list on it) and is
// labelled either a list page (no expected error) or an article (expect_error not_a_list). The
// public corpus (../shared/corpus) and pagefeed's own corpus (corpus/) are both used; a page's
// group for cross-validation is the repository it was taken from.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const MODEL_FILE = join(ROOT, 'packages/auto-source/src/surface/article-gate-model.ts');
const REPORT_FILE = join(HERE, 'article-gate-report.json');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { createAutoSource } = await load('packages/auto-source/dist/index.js');
const { GATE_FEATURES } = await load('packages/auto-source/dist/surface/article-gate.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');

const corpora = [
  { name: 'public', truth: join(SHARED, 'corpus/truth'), pages: join(SHARED, 'corpus/pages') },
  { name: 'own', truth: join(ROOT, 'corpus/truth'), pages: join(ROOT, 'corpus/pages') },
];

function context(url) {
  return { config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } };
}

/** Runs the cascade with the gate recording, not deciding; returns the gate's inputs or undefined. */
async function observe(record, pagesDir) {
  const path = join(pagesDir, record.file);
  if (!existsSync(path)) throw new Error(`${record.file} is missing: run \`pnpm corpus:rebuild\``);
  const { text } = decodeBody(readFileSync(path), 'text/html');
  const document = parseHtmlSource(text, record.url);
  let observed;
  const source = createAutoSource({ articleModel: null, onArticleCheck: (check) => { observed = check; } });
  try {
    await source.extract(document, context(record.url));
  } catch {
    // Errors are fine: the gate ran (observed) or the page never reached it.
  }
  return observed;
}

const rows = [];
for (const corpus of corpora) {
  for (const name of readdirSync(corpus.truth).filter((file) => file.endsWith('.json')).sort()) {
    const record = JSON.parse(readFileSync(join(corpus.truth, name), 'utf8'));
    if (!record.file?.endsWith('.html')) continue;
    const label = record.expect_error === 'not_a_list' ? 1 : record.expect_error ? undefined : 0;
    if (label === undefined) continue;
    const observed = await observe(record, corpus.pages);
    // Lists from structured data alone (no member elements) are judged by the rules, not the model.
    if (!observed || observed.features.members === 0) continue;
    rows.push({ page: name.replace(/\.json$/, ''), corpus: corpus.name, repo: record.source?.repo ?? 'unknown', label, x: GATE_FEATURES.map((feature) => observed.features[feature]), rules: observed.features.rules });
  }
}

function standardise(train) {
  const means = GATE_FEATURES.map((_, j) => train.reduce((sum, row) => sum + row.x[j], 0) / train.length);
  const scales = GATE_FEATURES.map((_, j) => Math.sqrt(train.reduce((sum, row) => sum + (row.x[j] - means[j]) ** 2, 0) / train.length) || 1);
  return { means, scales };
}

/** L2-regularised logistic regression by gradient descent; classes weighted to equal total weight. */
function fit(train, { lambda = 0.3, steps = 4000, rate = 0.2 } = {}) {
  const { means, scales } = standardise(train);
  const z = train.map((row) => row.x.map((value, j) => clip((value - means[j]) / scales[j])));
  const positives = train.filter((row) => row.label === 1).length;
  const weightOf = (label) => train.length / (2 * (label === 1 ? Math.max(1, positives) : Math.max(1, train.length - positives)));
  const weights = GATE_FEATURES.map(() => 0);
  let bias = 0;
  for (let step = 0; step < steps; step++) {
    const gradient = weights.map(() => 0);
    let gradientBias = 0;
    train.forEach((row, i) => {
      const p = 1 / (1 + Math.exp(-(bias + weights.reduce((sum, w, j) => sum + w * z[i][j], 0))));
      const error = (p - row.label) * weightOf(row.label);
      z[i].forEach((value, j) => { gradient[j] += error * value; });
      gradientBias += error;
    });
    weights.forEach((w, j) => { weights[j] -= rate * (gradient[j] / train.length + lambda * w / train.length); });
    bias -= rate * gradientBias / train.length;
  }
  return { features: [...GATE_FEATURES], weights, bias, means, scales, threshold: 0.5 };
}

function clip(value) {
  return Math.max(-3, Math.min(3, value));
}

function predict(model, row) {
  const sum = model.bias + model.weights.reduce((total, w, j) => total + w * clip((row.x[j] - model.means[j]) / model.scales[j]), 0);
  return 1 / (1 + Math.exp(-sum));
}

// Leave-one-repository-out cross-validation.
const repos = [...new Set(rows.map((row) => row.repo))];
const heldOut = new Map();
for (const repo of repos) {
  const model = fit(rows.filter((row) => row.repo !== repo));
  for (const row of rows.filter((row) => row.repo === repo)) heldOut.set(row, predict(model, row));
}
const tally = (decide) => {
  const articles = rows.filter((row) => row.label === 1);
  const lists = rows.filter((row) => row.label === 0);
  const caught = articles.filter(decide).length;
  const kept = lists.filter((row) => !decide(row)).length;
  return { articles: articles.length, articlesCaught: caught, lists: lists.length, listsKept: kept, accuracy: +((caught + kept) / rows.length).toFixed(3) };
};
const report = {
  pages: rows.length,
  repositories: repos.length,
  rulesOnly: tally((row) => row.rules === 1),
  heldOut: tally((row) => heldOut.get(row) >= 0.5),
  inSample: undefined,
  mistakesHeldOut: rows.filter((row) => (heldOut.get(row) >= 0.5 ? 1 : 0) !== row.label).map((row) => ({ page: row.page, label: row.label ? 'article' : 'list', p: +heldOut.get(row).toFixed(2) })),
};
const final = fit(rows);
report.inSample = tally((row) => predict(final, row) >= 0.5);
console.log(JSON.stringify(report, null, 2));
if (!process.argv.includes('--dry-run')) {
  const round = (values) => values.map((value) => +value.toFixed(4));
  const body = `// Generated by corpus/fit/fit-article-gate.mjs — do not edit by hand; run \`pnpm corpus:fit\` instead.
// Fitted on ${rows.length} corpus pages from ${repos.length} repositories; leave-one-repository-out accuracy ${report.heldOut.accuracy}
// (rules alone ${report.rulesOnly.accuracy}). See corpus/fit/article-gate-report.json.
import type { ArticleModel } from './article-gate.js';

export const ARTICLE_GATE_MODEL: ArticleModel = {
  features: ${JSON.stringify(final.features)},
  weights: ${JSON.stringify(round(final.weights))},
  bias: ${+final.bias.toFixed(4)},
  means: ${JSON.stringify(round(final.means))},
  scales: ${JSON.stringify(round(final.scales))},
  threshold: 0.5,
};
`;
  writeFileSync(MODEL_FILE, body);
  writeFileSync(REPORT_FILE, JSON.stringify(report, null, 2) + '\n');
  console.error(`wrote ${MODEL_FILE} and ${REPORT_FILE}`);
}
