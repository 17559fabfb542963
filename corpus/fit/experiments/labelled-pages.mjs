// labelled-pages.mjs — what the page-walking experiment scripts (gate_observe9.mjs, gate_declared10.mjs,
// gate_siblings.mjs, rows_inventory14.mjs, structured14.mjs, discussion15.mjs, row_links15.mjs) share:
// the paths, the built packages, the command line's `--only`, the extraction context, and the walk over
// every truth record of the public and own corpora whose page is on disk (public first, then own, each
// by name — the order their output files have always had). Each script keeps only what it measures.
// Needs `pnpm build` (it loads the packages' dist). Not a module of the product: experiments only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');

/** A built module of the repository, by its path from the root (`packages/core/dist/index.js`). */
export const loadBuilt = (path) => import(pathToFileURL(join(ROOT, path)).href);

const { parseHtmlSource } = await loadBuilt('packages/core/dist/index.js');
const { decodeBody } = await loadBuilt('packages/fetchers/dist/index.js');

/** The command line: `value('--name')` reads an option's argument; `only` is `--only REGEX` or null. */
export function commandLine(argv = process.argv.slice(2)) {
  const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  return { argv, value, only: value('--only') ? new RegExp(value('--only')) : null };
}

/** The extraction context of a plain feed of `url` with nothing else configured. */
export const extractContext = (url) => ({ config: { channel: { url }, strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {} } });

/** The items `source` extracts from the page, or none when it refuses or fails. */
export async function itemsOrNone(source, document, url) {
  try {
    return (await source.extract(document, extractContext(url))).items;
  } catch {
    return [];
  }
}

/** An item as the corpus scorer reads it (its description's text without markup). */
export const asScored = (item) => ({ url: item.url, title: item.title, text: typeof item.description === 'string' ? item.description.replace(/<[^>]*>/g, ' ') : undefined });

/** `list`, `article` (truth `not_a_list`) or undefined (a wall, a shell or another expected error). */
export const labelOf = (record) => (record.expect_error === 'not_a_list' ? 'article' : record.expect_error ? undefined : 'list');

/**
 * Every truth record whose page file exists: `{ corpus, page, key, record, path }` with `key` the
 * scorer's `corpus:page` name. `only` filters page names before the record is read; `htmlOnly` (the
 * default) skips pages saved as JSON.
 */
export function* labelledPages({ only = null, htmlOnly = true } = {}) {
  for (const [corpus, dir] of [['public', join(SHARED, 'corpus')], ['own', join(ROOT, 'corpus')]]) {
    for (const name of readdirSync(join(dir, 'truth')).filter((file) => file.endsWith('.json')).sort()) {
      const page = name.replace(/\.json$/, '');
      if (only && !only.test(page)) continue;
      const record = JSON.parse(readFileSync(join(dir, 'truth', name), 'utf8'));
      if (htmlOnly && !record.file?.endsWith('.html')) continue;
      const path = join(dir, 'pages', record.file);
      if (!existsSync(path)) continue;
      yield { corpus, page, key: `${corpus}:${page}`, record, path };
    }
  }
}

/** The page's HTML decoded as the fetcher decodes a body (declared charset checked against the bytes). */
export const readHtml = (entry) => decodeBody(readFileSync(entry.path), 'text/html').text;

/** The page parsed as the engine parses a fetched page. */
export const parsePage = (html, entry) => parseHtmlSource(html, entry.record.url);

/**
 * The items' links against the truth's (each truth URL with its alternates), as normalised URLs: the
 * distinct links got, how many are in the truth, and precision, recall and F1 over links alone.
 */
export function linkScore(record, items, normUrl) {
  const truth = new Set();
  for (const url of record.expected_urls) for (const key of [url, ...((record.alternates ?? {})[url] ?? [])]) truth.add(normUrl(key));
  const got = [...new Set(items.map((item) => normUrl(item.url)).filter(Boolean))];
  const hits = got.filter((url) => truth.has(url)).length;
  const precision = got.length ? hits / got.length : 0;
  const recall = Math.min(1, hits / record.expected_urls.length);
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { truth, got, hits, precision, recall, f1 };
}

/**
 * What is wrong with a chosen list's items (rows_inventory14.mjs): `extra` (most truth found, many
 * items not in it), `cut` (the items are right, many truth items missing), `mislinked` (about as many
 * items as the truth yet few match, while the page links most truth URLs), else `other`.
 */
export function rowKind({ got, precision, recall }, expected, linked) {
  const ratio = got.length / expected;
  if (!got.length) return 'other';
  if (recall >= 0.8 && precision < 0.8) return 'extra';
  if (precision >= 0.8 && recall < 0.8) return 'cut';
  return ratio >= 0.5 && ratio <= 2 && precision < 0.5 && linked >= 0.6 ? 'mislinked' : 'other';
}
