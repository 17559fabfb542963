#!/usr/bin/env node
// fit-ranking-trees.mjs — judges the boosted-tree challenger of the DOM tier's hand leader
// (packages/auto-source/src/dom/ranking-trees.ts) through the whole cascade, leave one repository
// out, and writes the shipped model file (switched on only when it passes).
//
//   node corpus/fit/fit-ranking.mjs --develop-on 15,...,24 --dump /tmp/candidates.json
//   python3 corpus/fit/fit_ranking_trees.py /tmp/candidates.json /tmp/ranking-trees.json
//   node corpus/fit/fit-ranking-trees.mjs --develop-on 15,...,24 --trees /tmp/ranking-trees.json[,part2.json] [--dry-run] [--pages FILE]
//
// Every page is extracted with the trees fitted without its repository, at each switch threshold
// named before the data (predicted F1 gain > 0.1, then > 0.2), and scored as `corpus:score` does.
// A threshold passes when, held out, the own corpus's list mean F1 and pages at ≥ 0.8 beat the
// hand score's, the public corpus is not lower, and no list page at ≥ 0.8 with the hand score gets
// worse (this session's rule (d)). The first threshold that passes is shipped; if none does, the
// final trees ship switched off. The report goes to corpus/fit/ranking-trees-report.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPages, ROOT, scorePage, summary } from './ranking-corpus.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const MODEL_FILE = join(ROOT, 'packages/auto-source/src/dom/ranking-trees-model.ts');
const REPORT_FILE = join(HERE, 'ranking-trees-report.json');
const THRESHOLDS = [0.1, 0.2];
const TOP_K = 12;
const argAfter = (flag) => (process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : undefined);
const treesFile = argAfter('--trees');
if (!treesFile) throw new Error('fit-ranking-trees.mjs needs --trees FILE (written by corpus/fit/fit_ranking_trees.py)');
const dryRun = process.argv.includes('--dry-run');
// Several files (comma-separated) are the parts of one fit (`fit_ranking_trees.py --part I/N`).
const parts = treesFile.split(',').map((file) => JSON.parse(readFileSync(file, 'utf8')));
const fitted = { ...parts[0], final: parts.find((part) => part.final)?.final, folds: Object.assign({}, ...parts.map((part) => part.folds)) };
if (!fitted.final) throw new Error('no part of the trees file holds the final model (part 0 of fit_ranking_trees.py --part writes it)');
const modelOf = (trees, threshold) => ({ kind: 'trees', features: fitted.features, rate: fitted.rate, trees, threshold, topK: TOP_K });

const pages = await loadPages(TOP_K);
const missing = [...new Set(pages.map((page) => page.repo))].filter((repo) => !fitted.folds[repo]);
if (missing.length > 0) throw new Error(`the trees file has no fold for ${missing.join(', ')}: dump and fit again with the same --develop-on`);

const isList = (page) => !page.record.expect_error;
const results = {};
for (const threshold of THRESHOLDS) {
  const key = `heldOut${threshold}`;
  for (const page of pages) page[key] = await scorePage(page, { rankingModel: modelOf(fitted.folds[page.repo], threshold) });
  const moved = pages.filter((page) => Math.abs(page[key] - page.rules) >= 0.005).map((page) => ({ page: page.page, repo: page.repo, rules: +page.rules.toFixed(3), heldOut: +page[key].toFixed(3) }));
  const up = moved.filter((entry) => entry.heldOut > entry.rules);
  const down = moved.filter((entry) => entry.heldOut < entry.rules);
  const own = summary(pages, 'own', key);
  const pub = summary(pages, 'public', key);
  const hand = { own: summary(pages, 'own', 'rules'), public: summary(pages, 'public', 'rules') };
  const beats = own.listMeanF1 > hand.own.listMeanF1 && own.listsAtLeast08 >= hand.own.listsAtLeast08 && pub.listMeanF1 >= hand.public.listMeanF1;
  const worseFromGood = down.filter((entry) => entry.rules >= 0.8 && pages.find((page) => page.page === entry.page && isList(page)));
  results[threshold] = {
    heldOut: { own, public: pub },
    up: { pages: up.length, repositories: new Set(up.map((entry) => entry.repo)).size },
    down: { pages: down.length, repositories: new Set(down.map((entry) => entry.repo)).size },
    pagesAtLeast08MadeWorse: worseFromGood.length,
    switchOnRule: beats,
    ruleD: worseFromGood.length === 0,
    moved,
  };
  console.error(`gain > ${threshold}: own ${own.listMeanF1} / ${own.listsAtLeast08}, public ${pub.listMeanF1} / ${pub.listsAtLeast08}; up ${up.length}, down ${down.length} (${worseFromGood.length} from ≥ 0.8)`);
}
const passing = THRESHOLDS.find((threshold) => results[threshold].switchOnRule && results[threshold].ruleD);
const report = {
  split: fitted.foldGroups && fitted.foldGroups < Object.keys(fitted.folds).length ? `by repository in ${fitted.foldGroups} groups (each group's repositories left out together), through the whole cascade` : 'leave one repository out, through the whole cascade',
  pages: pages.length,
  repositories: Object.keys(fitted.folds).length,
  learner: { foldGroups: fitted.foldGroups, rounds: fitted.rounds, depth: fitted.depth, rate: fitted.rate, minLeaf: fitted.minLeaf, lambda: fitted.lambda, trainingRows: fitted.trainingRows, inputs: fitted.features.length },
  rulesOnly: { own: summary(pages, 'own', 'rules'), public: summary(pages, 'public', 'rules') },
  thresholds: results,
  shipped: passing === undefined ? 'hand score (no threshold passed the switch-on rule and rule (d) held out; the trees ship switched off)' : `boosted trees on, switch at predicted gain > ${passing}`,
};
console.log(JSON.stringify({ ...report, thresholds: Object.fromEntries(THRESHOLDS.map((t) => [t, { ...results[t], moved: results[t].moved.length }])) }, null, 2));
// --pages FILE: every page's scores (hand, held out at each threshold), for figures by batch.
if (argAfter('--pages')) writeFileSync(argAfter('--pages'), JSON.stringify(Object.fromEntries(pages.map((page) => [page.page, { corpus: page.corpus, list: isList(page), rules: page.rules, ...Object.fromEntries(THRESHOLDS.map((t) => [t, page[`heldOut${t}`]])) }]))));
if (!dryRun) {
  const threshold = passing ?? THRESHOLDS[0];
  const body = `// Generated by corpus/fit/fit-ranking-trees.mjs — do not edit by hand; refit as its header says.
// Boosted regression trees (${fitted.rounds} rounds, depth ${fitted.depth}) predicting a leading candidate's F1 gain over the
// hand score's leader, fitted on ${fitted.trainingRows} candidates of ${report.repositories} repositories. Leave-one-repository-out
// list mean F1 through the cascade: ${THRESHOLDS.map((t) => `gain > ${t}: own ${results[t].heldOut.own.listMeanF1}, public ${results[t].heldOut.public.listMeanF1}`).join('; ')}
// (hand score: own ${report.rulesOnly.own.listMeanF1}, public ${report.rulesOnly.public.listMeanF1}). See corpus/fit/ranking-trees-report.json.
import type { TreeRankingModel } from './ranking-trees.js';

/** The trees fitted on every corpus page, switching at predicted gain > ${threshold}. */
export const FITTED_TREE_MODEL: TreeRankingModel = {
  kind: 'trees',
  features: ${JSON.stringify(fitted.features)},
  rate: ${fitted.rate},
  threshold: ${threshold},
  topK: ${TOP_K},
  trees: [
${fitted.final.map((tree) => `    ${JSON.stringify(tree)},`).join('\n')}
  ],
};

/** What the DOM tier uses when no conditional logit is on: ${report.shipped}. */
export const TREE_RANKING_MODEL: TreeRankingModel | null = ${passing === undefined ? 'null' : 'FITTED_TREE_MODEL'};
`;
  writeFileSync(MODEL_FILE, body);
  writeFileSync(REPORT_FILE, JSON.stringify(report, null, 2) + '\n');
  console.error(`wrote ${MODEL_FILE} and ${REPORT_FILE}`);
}
