import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared extraction corpus, read in place (never copied). PAGEFEED_CORPUS overrides the
 * location; the default is `shared/corpus` beside the checkout (`<checkout>/../shared/corpus`).
 */
export const CORPUS_DIR = process.env.PAGEFEED_CORPUS ?? fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
export const CONFIG_DIR = fileURLToPath(new URL('../configs/', import.meta.url));

export function readTruth(name) {
  return JSON.parse(readFileSync(join(CORPUS_DIR, 'truth', `${name}.json`), 'utf8'));
}

/** Pages are read as UTF-8 text, as a fetcher would hand them to the engine after decoding. */
export function readPage(file) {
  return readFileSync(join(CORPUS_DIR, 'pages', file), 'utf8');
}

/** Every corpus page with its truth record: `{ name, file, kind, url, body, contentType, truth }`. */
export function corpusPages() {
  return readdirSync(join(CORPUS_DIR, 'pages'))
    .filter((file) => ['.html', '.json'].includes(extname(file)))
    .sort()
    .map((file) => {
      const name = basename(file, extname(file));
      const truth = readTruth(name);
      const json = extname(file) === '.json';
      return { name, file, kind: truth.kind, url: truth.url, body: readPage(file), contentType: json ? 'application/json' : 'text/html', truth };
    });
}

/** The selector configs written for list pages: `bench/configs/<corpus page name>.yml`. */
export function selectorConfigs() {
  return readdirSync(CONFIG_DIR)
    .filter((file) => file.endsWith('.yml'))
    .sort()
    .map((file) => ({ name: basename(file, '.yml'), yaml: readFileSync(join(CONFIG_DIR, file), 'utf8') }));
}

export function fetchResult(body, url, contentType = 'text/html') {
  return { url, status: 200, headers: { 'content-type': contentType }, body, contentType };
}
