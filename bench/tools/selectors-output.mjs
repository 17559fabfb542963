/**
 * Selectors mode's output, for checking that an optimisation changes nothing: every feed that
 * benchmark 1's configs, a few generic configs over every corpus page and the synthetic scaling
 * pages produce, rendered as RSS, Atom and JSON Feed, written to one file per build. Two builds'
 * files must be byte-identical.
 *
 *   cp -r packages/core/dist packages/core/node_modules/.core-old   # before the change
 *   node bench/tools/selectors-output.mjs packages/core/node_modules/.core-old /tmp/old.txt
 *   node bench/tools/selectors-output.mjs packages/core/dist /tmp/new.txt && cmp /tmp/old.txt /tmp/new.txt
 *
 * A third argument adds a folder of more HTML pages run through the generic configs, e.g. the own
 * corpus rebuilt by `pnpm corpus:rebuild` (`corpus/pages`, its URLs from `corpus/truth`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusPages, fetchResult, readPage, readTruth, selectorConfigs } from '../lib/corpus.mjs';
import { ARTICLE_SELECTORS_YAML, LIST_SELECTORS_YAML, articlePage, listPage } from '../lib/synthetic.mjs';

// A fixed clock: first-seen times, Atom's `updated` and RSS's `lastBuildDate` come from it.
const FIXED = Date.parse('2026-01-01T00:00:00Z');
const RealDate = Date;
globalThis.Date = class extends RealDate {
  constructor(...values) { super(...(values.length > 0 ? values : [FIXED])); }
  static now() { return FIXED; }
};

const [directory = 'packages/core/dist', output = '/dev/stdout', morePages] = process.argv.slice(2);
const core = await import(pathToFileURL(resolve(directory, 'index.js')).href);
const engine = core.createEngine({ strategies: { plain: { name: 'plain', fetch: () => Promise.reject(new Error('offline')) } } });

// Generic configs: every link, every article/list entry with its markup, headings with dates.
const GENERIC = {
  links: 'selectors:\n  items:\n    selector: "a[href]"\n  title:\n    extractor: text\n  url:\n    extractor: href\n',
  entries: 'selectors:\n  items:\n    selector: "article, li, .post, .entry"\n  title:\n    selector: "h1, h2, h3, a"\n  url:\n    selector: "a"\n    extractor: href\n'
    + '  description:\n    extractor: html\n    post_process:\n      - name: sanitize_html\n  image:\n    selector: "img"\n    extractor: attribute\n    attribute: src\n'
    + '  published_at:\n    selector: "time"\n    extractor: attribute\n    attribute: datetime\n',
  text: 'selectors:\n  items:\n    selector: "p, td, dd"\n  title:\n    extractor: text\n  description:\n    extractor: html\n  url:\n    selector: "a"\n    extractor: href\n',
};

const out = [];
async function emit(label, yaml, body, url, contentType) {
  let text;
  try {
    const config = core.loadFeedConfig(yaml, { env: {} });
    const { feed, warnings } = await engine.generate(config, { source: fetchResult(body, url, contentType), now: FIXED });
    text = ['rss', 'atom', 'json'].map((format) => engine.render(feed, format)).join('\n')
      + `\nwarnings: ${JSON.stringify(warnings ?? [])}`;
  } catch (error) {
    text = `error: ${error?.code ?? ''} ${error?.message ?? error}`;
  }
  out.push(`=== ${label}\n${text}\n`);
}

for (const { name, yaml } of selectorConfigs()) {
  const truth = readTruth(name);
  await emit(`bench ${name}`, yaml, readPage(truth.file), truth.url);
}
for (const page of corpusPages()) {
  if (page.contentType !== 'text/html') continue;
  for (const [kind, yaml] of Object.entries(GENERIC)) {
    await emit(`corpus ${page.name} ${kind}`, `channel:\n  url: ${page.url}\n  title: t\n${yaml}`, page.body, page.url);
  }
}
if (morePages) {
  const truthDirectory = join(dirname(resolve(morePages)), 'truth');
  for (const file of readdirSync(morePages).filter((name) => name.endsWith('.html')).sort()) {
    const name = basename(file, '.html');
    const truthFile = join(truthDirectory, `${name}.json`);
    const url = (existsSync(truthFile) ? JSON.parse(readFileSync(truthFile, 'utf8')).url : undefined) ?? `https://example.com/${name}/`;
    const body = readFileSync(join(morePages, file), 'utf8');
    for (const [kind, yaml] of Object.entries(GENERIC)) {
      await emit(`pages ${name} ${kind}`, `channel:\n  url: ${url}\n  title: t\n${yaml}`, body, url);
    }
  }
}
await emit('synthetic list', `channel:\n  url: https://example.com/\n  title: t\n${LIST_SELECTORS_YAML}`, listPage({ items: 500 }), 'https://example.com/');
await emit('synthetic articles', `channel:\n  url: https://example.com/\n  title: t\n${ARTICLE_SELECTORS_YAML}`, articlePage(500), 'https://example.com/');
writeFileSync(output, out.join(''));
console.error(`${out.length} feeds, ${out.join('').length} characters → ${output}`);
