// ranking-corpus.mjs — what the ranking fitters (fit-ranking.mjs, fit-ranking-trees.mjs) share:
// every page of both corpora (../shared/corpus and corpus/) not held out, extracted once with the
// hand score alone, with the DOM tier's leading candidates and their ranking inputs, each candidate
// labelled by the F1 of its items against the page's truth (match.mjs, the shared scorer's
// matching); and `scorePage`, which extracts one page through the whole cascade with given options
// and scores it as `pnpm corpus:score` does. Needs `pnpm build` and `pnpm corpus:rebuild`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isHeldOut } from './held-out.mjs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadMatcher } from './match.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, '../..');
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
export const autoSource = await load('packages/auto-source/dist/index.js');
const { createAutoSource, RANKING_FEATURES } = autoSource;
const { draftOf } = await load('packages/auto-source/dist/dom/item-fields.js');
const { parseHtmlSource, toSourceDocument } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
export const scoreItems = await loadMatcher(SHARED);

const corpora = [
  { name: 'public', truth: join(SHARED, 'corpus/truth'), pages: join(SHARED, 'corpus/pages') },
  { name: 'own', truth: join(ROOT, 'corpus/truth'), pages: join(ROOT, 'corpus/pages') },
];

function context(url) {
  return { config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } };
}

function documentOf(record, pagesDir) {
  const path = join(pagesDir, record.file);
  if (!existsSync(path)) throw new Error(`${record.file} is missing: run \`pnpm corpus:rebuild\``);
  if (record.file.endsWith('.json')) {
    return toSourceDocument({ url: record.url, status: 200, headers: {}, contentType: 'application/json', body: readFileSync(path, 'utf8') });
  }
  return parseHtmlSource(decodeBody(readFileSync(path), 'text/html').text, record.url);
}

const asScored = (draft) => ({ url: draft.url, title: draft.title, text: typeof draft.description === 'string' ? draft.description.replace(/<[^>]*>/g, ' ') : undefined });
const CLASS_RE = { blocked_surface: /blocked/i, blocked: /blocked/i, app_shell: /app[\s_-]?shell/i, not_a_list: /unsupported[\s_-]?surface|not[\s_-]?a[\s_-]?list/i };

/** Extracts one page with `options` and scores it as `corpus:score` would (1 for a correctly classified error). */
export async function scorePage(page, options) {
  let items;
  let failure;
  try {
    ({ items } = await createAutoSource(options).extract(documentOf(page.record, page.pagesDir), context(page.record.url)));
  } catch (error) {
    failure = String(error?.details?.class ?? error?.class ?? error?.code ?? error);
  }
  const expected = page.record.expect_error;
  if (expected) return failure !== undefined && (CLASS_RE[expected] ?? new RegExp(expected, 'i')).test(failure) ? 1 : page.record.accept_items && items ? scoreItems(page.record, items.map(asScored)) : 0;
  return failure !== undefined ? 0 : scoreItems(page.record, items.map(asScored));
}

/**
 * Every page not held out, scored with the hand score alone (`rules`), with its `topK` leading
 * DOM candidates: `{ x: inputs in RANKING_FEATURES order, f1, hand: hand score }`.
 */
export async function loadPages(topK, onObserved, onPage) {
  const zero = { features: [...RANKING_FEATURES], weights: RANKING_FEATURES.map(() => 0), means: RANKING_FEATURES.map(() => 0), scales: RANKING_FEATURES.map(() => 1), topK };
  const pages = [];
  for (const corpus of corpora) {
    for (const name of readdirSync(corpus.truth).filter((file) => file.endsWith('.json') && !isHeldOut(file)).sort()) {
      const record = JSON.parse(readFileSync(join(corpus.truth, name), 'utf8'));
      const page = { page: name.replace(/\.json$/, ''), corpus: corpus.name, repo: record.source?.repo ?? record.source?.repository ?? name.split('__')[0], record, pagesDir: corpus.pages, candidates: [] };
      let observed;
      page.rules = await scorePage(page, { rankingModel: zero, onRanking: (observation) => { observed = observation; onObserved?.(observation); } });
      onPage?.(page.page);
      if (observed && !record.expect_error) {
        page.candidates = observed.entries.map((entry, index) => ({
          x: Array.from(observed.inputs[index]),
          f1: scoreItems(record, entry.items.map((item) => asScored(draftOf(item)))),
          hand: entry.score,
        }));
      }
      pages.push(page);
    }
  }
  return pages;
}

/** List-page figures of one corpus for the score stored under `key` (`rules`, `heldOut`, …). */
export function summary(pages, corpus, key) {
  const lists = pages.filter((page) => page.corpus === corpus && !page.record.expect_error);
  const errors = pages.filter((page) => page.corpus === corpus && page.record.expect_error);
  const mean = lists.reduce((sum, page) => sum + page[key], 0) / lists.length;
  return { listPages: lists.length, listMeanF1: +mean.toFixed(3), listsAtLeast08: lists.filter((page) => page[key] >= 0.8).length, errorPagesRight: `${errors.filter((page) => page[key] === 1).length}/${errors.length}` };
}
