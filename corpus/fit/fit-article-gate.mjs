#!/usr/bin/env node
// fit-article-gate.mjs — fits auto-source's article gate (a logistic regression: "is this page one
// article whose 'list' is only related links, a sidebar or comments?") on the extraction corpus,
// reports its leave-one-repository-out cross-validated accuracy, and writes the fitted model to
// packages/auto-source/src/surface/article-gate-model.ts.
//
//   node corpus/fit/fit-article-gate.mjs [--dry-run] [--cache FILE] [--develop-on 15,16,17]   (needs `pnpm build` and `pnpm corpus:rebuild`)
//
// --develop-on BATCHES also learns from those batches of held-out.txt (see held-out.mjs).
// GATE_USE=a,b,... fits on those inputs only (GATE_USE=all: every input, the page facts and the
// eleventh session's candidate facts of surface/article-candidate.ts included);
// GATE_DROP=a,b,... leaves those out; default: the 15 inputs of the shipped model. GATE_URL_LAMBDA is
// the L2 penalty of the two URL-shape inputs (default: GATE_LAMBDA). The sixth session's best held-out
// option, not shipped (BENCHMARKS.md §5): GATE_USE=all GATE_URL_LAMBDA=10.
//
// --cache FILE keeps the observed gate inputs in FILE (read when it exists, written when not), so
// that trying fitting options does not rerun the cascade on every page.
//
// Training pages: every corpus page that reaches the gate (the cascade found a list on it) and is
// labelled either a list page (no expected error) or an article (expect_error not_a_list). The
// public corpus (../shared/corpus) and pagefeed's own corpus (corpus/) are both used; a page's
// group for cross-validation is the repository it was taken from.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isHeldOut } from './held-out.mjs';
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

/** Runs the cascade with the gate recording, not deciding; returns the gate's inputs (winner and leading alternatives) or undefined. */
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

const argv = process.argv.slice(2);
const cacheFile = argv.includes('--cache') ? argv[argv.indexOf('--cache') + 1] : undefined;
let rows = [];
if (cacheFile && existsSync(cacheFile)) {
  // A cache observed with --develop-on keeps those pages; without the option they stay out.
  rows = JSON.parse(readFileSync(cacheFile, 'utf8')).filter((row) => !isHeldOut(row.page));
} else {
  for (const corpus of corpora) {
    for (const name of readdirSync(corpus.truth).filter((file) => file.endsWith('.json') && !isHeldOut(file)).sort()) {
      const record = JSON.parse(readFileSync(join(corpus.truth, name), 'utf8'));
      if (!record.file?.endsWith('.html')) continue;
      const label = record.expect_error === 'not_a_list' ? 1 : record.expect_error ? undefined : 0;
      if (label === undefined) continue;
      const observed = await observe(record, corpus.pages);
      // Lists from structured data alone (no member elements) are judged by the rules, not the model.
      if (!observed || observed.features.members === 0) continue;
      const alternatives = (observed.alternatives ?? []).map((alternative) => ({ rank: alternative.rank, scoreGap: alternative.scoreGap, x: GATE_FEATURES.map((feature) => alternative.features[feature]) }));
      rows.push({ page: name.replace(/\.json$/, ''), corpus: corpus.name, repo: record.source?.repo ?? 'unknown', label, x: GATE_FEATURES.map((feature) => observed.features[feature]), rules: observed.features.rules, alternatives });
    }
  }
  if (cacheFile) writeFileSync(cacheFile, JSON.stringify(rows));
}

/**
 * The inputs the fitted model reads. Default: the fourth session's 15 (the shipped model's); the six
 * page facts of surface/article-page.ts (sixth session) and the five candidate facts of
 * surface/article-candidate.ts (eleventh session) are observed too, read with GATE_USE=all or by name.
 */
const DEFAULT_INPUTS = GATE_FEATURES.slice(0, 15);
const listed = (name) => (process.env[name] ? process.env[name].split(',').map((entry) => entry.trim()).filter(Boolean) : undefined);
if (process.env.GATE_USE === 'all') process.env.GATE_USE = GATE_FEATURES.join(',');
for (const name of [...(listed('GATE_USE') ?? []), ...(listed('GATE_DROP') ?? [])]) {
  if (!GATE_FEATURES.includes(name)) throw new Error(`unknown gate input "${name}" in GATE_USE/GATE_DROP; known: ${GATE_FEATURES.join(', ')}`);
}
const INPUTS = (listed('GATE_USE') ?? DEFAULT_INPUTS).filter((name) => !(listed('GATE_DROP') ?? []).includes(name));
const columns = INPUTS.map((name) => GATE_FEATURES.indexOf(name));
const project = (x) => columns.map((column) => x[column] ?? 0);
rows = rows.map((row) => ({ ...row, x: project(row.x), alternatives: row.alternatives.map((alternative) => ({ ...alternative, x: project(alternative.x) })) }));

function standardise(train) {
  const means = INPUTS.map((_, j) => train.reduce((sum, row) => sum + row.x[j], 0) / train.length);
  const scales = INPUTS.map((_, j) => Math.sqrt(train.reduce((sum, row) => sum + (row.x[j] - means[j]) ** 2, 0) / train.length) || 1);
  return { means, scales };
}

/**
 * L2-regularised logistic regression by gradient descent over instances `{ x, label, weight? }`;
 * the two classes are weighted to equal total weight (an instance's own weight splits a page's share).
 */
function fit(train, { lambda = 0.3, steps = 4000, rate = 0.2 } = {}) {
  // The URL-shape inputs are bounded by a larger penalty: many corpus URLs are placeholders, and
  // unbounded they became the gate's largest weights (sixth session, BENCHMARKS.md §5).
  const penalties = INPUTS.map((name) => (name.startsWith('url') ? URL_LAMBDA : lambda));
  const { means, scales } = standardise(train);
  const width = INPUTS.length;
  const z = train.map((row) => Float64Array.from(row.x, (value, j) => clip((value - means[j]) / scales[j])));
  const total = (label) => train.filter((row) => row.label === label).reduce((sum, row) => sum + (row.weight ?? 1), 0);
  const [negatives, positives] = [Math.max(1e-9, total(0)), Math.max(1e-9, total(1))];
  const weightOf = train.map((row) => (row.weight ?? 1) * train.length / (2 * (row.label === 1 ? positives : negatives)));
  const weights = new Float64Array(width);
  let bias = 0;
  for (let step = 0; step < steps; step++) {
    const gradient = new Float64Array(width);
    let gradientBias = 0;
    for (let i = 0; i < train.length; i++) {
      let sum = bias;
      for (let j = 0; j < width; j++) sum += weights[j] * z[i][j];
      const error = (1 / (1 + Math.exp(-sum)) - train[i].label) * weightOf[i];
      for (let j = 0; j < width; j++) gradient[j] += error * z[i][j];
      gradientBias += error;
    }
    for (let j = 0; j < width; j++) weights[j] -= rate * (gradient[j] / train.length + penalties[j] * weights[j] / train.length);
    bias -= rate * gradientBias / train.length;
  }
  return { features: [...INPUTS], weights: [...weights], bias, means, scales, threshold: 0.5 };
}

function clip(value) {
  return Math.max(-3, Math.min(3, value));
}

function predict(model, row) {
  const sum = model.bias + model.weights.reduce((total, w, j) => total + w * clip((row.x[j] - model.means[j]) / model.scales[j]), 0);
  return 1 / (1 + Math.exp(-sum));
}

/** The inputs a gate reading `leading` candidates sees on a page: the winner's, then the alternatives'. */
const instancesOf = (row, leading) => [row.x, ...row.alternatives.slice(0, leading - 1).map((alternative) => alternative.x)];

/** A page's article probability for a gate reading `leading` candidates: an article only if all of them read as one. */
const pageProbability = (model, row, leading) => Math.min(...instancesOf(row, leading).map((x) => predict(model, { x })));

/**
 * Fits a gate that reads `leading` candidates (multiple-instance learning): an article page's every
 * candidate is an article example (the page's weight split among them); a list page contributes its
 * most list-like candidate under the previous model, starting from the winner. Two rounds.
 */
function fitLeading(train, leading) {
  let model = fit(train.map((row) => ({ x: row.x, label: row.label })), { lambda: LAMBDA });
  if (leading === 1) return { ...model, leading };
  for (let round = 0; round < 2; round++) {
    const examples = train.flatMap((row) => {
      const instances = instancesOf(row, leading);
      if (row.label === 1) return instances.map((x) => ({ x, label: 1, weight: 1 / instances.length }));
      const best = instances.reduce((low, x) => (predict(model, { x }) < predict(model, { x: low }) ? x : low));
      return [{ x: best, label: 0 }];
    });
    model = fit(examples, { lambda: LAMBDA });
  }
  return { ...model, leading };
}

/** The L2 penalty (GATE_LAMBDA; leave-one-repository-out gave 0.896-0.903 for 0.3-300 reading the winner alone). */
const LAMBDA = Number(process.env.GATE_LAMBDA ?? 0.3);
/** The L2 penalty of the URL-shape inputs (GATE_URL_LAMBDA; sixth session: 3 / 10 / 30 compared, 10 best held out). */
const URL_LAMBDA = Number(process.env.GATE_URL_LAMBDA ?? LAMBDA);
/**
 * The numbers of leading candidates compared (GATE_LEADING, e.g. "1,6"); the option with the best
 * held-out accuracy ships. Default: the winner alone. Reading six (fifth session) raised held-out
 * accuracy 0.896 -> 0.918 but caught fewer articles (61 -> 58 of 69) and, shipped, turned 9 corpus
 * articles into lists while keeping one more real list: see BENCHMARKS.md §5, fifth session.
 */
const LEADING = (process.env.GATE_LEADING ?? '1').split(',').map(Number);

// Leave-one-repository-out cross-validation, for each number of leading candidates read.
const repos = [...new Set(rows.map((row) => row.repo))];
const heldOutBy = new Map();
for (const leading of LEADING) {
  const heldOut = new Map();
  for (const repo of repos) {
    const model = fitLeading(rows.filter((row) => row.repo !== repo), leading);
    for (const row of rows.filter((row) => row.repo === repo)) heldOut.set(row, pageProbability(model, row, leading));
  }
  heldOutBy.set(leading, heldOut);
}
const tally = (decide) => {
  const articles = rows.filter((row) => row.label === 1);
  const lists = rows.filter((row) => row.label === 0);
  const caught = articles.filter(decide).length;
  const kept = lists.filter((row) => !decide(row)).length;
  return { articles: articles.length, articlesCaught: caught, lists: lists.length, listsKept: kept, accuracy: +((caught + kept) / rows.length).toFixed(3) };
};
// The thresholds compared on the held-out probabilities (GATE_THRESHOLDS, e.g. "0.3,0.4,0.5"); the best
// accuracy ships (ties: the first listed). Default 0.5.
const THRESHOLDS = (process.env.GATE_THRESHOLDS ?? '0.5').split(',').map(Number);
const heldOutTally = (leading, threshold) => tally((row) => heldOutBy.get(leading).get(row) >= threshold);
const options = LEADING.flatMap((leading) => THRESHOLDS.map((threshold) => ({ leading, threshold, accuracy: heldOutTally(leading, threshold).accuracy })));
const { leading: chosen, threshold } = options.reduce((best, option) => (option.accuracy > best.accuracy ? option : best));
const heldOut = heldOutBy.get(chosen);
const report = {
  pages: rows.length,
  inputs: INPUTS,
  repositories: repos.length,
  lambda: LAMBDA,
  urlLambda: URL_LAMBDA,
  leading: chosen,
  threshold,
  rulesOnly: tally((row) => row.rules === 1),
  heldOutByOption: options.map(({ leading, threshold: at }) => ({ leading, threshold: at, ...heldOutTally(leading, at) })),
  heldOut: tally((row) => heldOut.get(row) >= threshold),
  inSample: undefined,
  mistakesHeldOut: rows.filter((row) => (heldOut.get(row) >= threshold ? 1 : 0) !== row.label).map((row) => ({ page: row.page, label: row.label ? 'article' : 'list', p: +heldOut.get(row).toFixed(2) })),
};
const final = fitLeading(rows, chosen);
report.inSample = tally((row) => pageProbability(final, row, chosen) >= threshold);
report.mistakesInSample = rows.filter((row) => (pageProbability(final, row, chosen) >= threshold ? 1 : 0) !== row.label).map((row) => ({ page: row.page, label: row.label ? 'article' : 'list', p: +pageProbability(final, row, chosen).toFixed(2) }));
console.log(JSON.stringify(report, null, 2));
if (!process.argv.includes('--dry-run')) {
  const round = (values) => values.map((value) => +value.toFixed(4));
  const body = `// Generated by corpus/fit/fit-article-gate.mjs — do not edit by hand; run \`pnpm corpus:fit\` instead.
// Fitted on ${rows.length} corpus pages from ${repos.length} repositories, reading ${chosen} leading candidate(s); leave-one-repository-out accuracy ${report.heldOut.accuracy}
// (rules alone ${report.rulesOnly.accuracy}). See corpus/fit/article-gate-report.json.
import type { ArticleModel } from './article-gate.js';

export const ARTICLE_GATE_MODEL: ArticleModel = {
  features: ${JSON.stringify(final.features)},
  weights: ${JSON.stringify(round(final.weights))},
  bias: ${+final.bias.toFixed(4)},
  means: ${JSON.stringify(round(final.means))},
  scales: ${JSON.stringify(round(final.scales))},
  threshold: ${threshold},${chosen > 1 ? `\n  leading: ${chosen},` : ''}
};
`;
  writeFileSync(MODEL_FILE, body);
  writeFileSync(REPORT_FILE, JSON.stringify(report, null, 2) + '\n');
  console.error(`wrote ${MODEL_FILE} and ${REPORT_FILE}`);
}
