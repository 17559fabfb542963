// first-extraction.mjs — CPU of the first and second auto extraction of one page in a fresh process
// (the first pays for building chrono-node's locale parsers and V8's warm-up; every CLI run and every
// new worker pays it). Diagnostic, not a benchmark row.
//   node bench/tools/first-extraction.mjs PAGE URL [ROOT]    (ROOT: another built checkout, to compare)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [page, url, other] = process.argv.slice(2);
if (!page || !url) {
  console.error('usage: node bench/tools/first-extraction.mjs PAGE URL [ROOT]  (needs `pnpm build`)');
  process.exit(2);
}
const root = resolve(other ?? fileURLToPath(new URL('../..', import.meta.url)));
const load = (path) => import(pathToFileURL(resolve(root, path)).href);
const { createAutoSource } = await load('packages/auto-source/dist/index.js');
const { parseHtmlSource } = await load('packages/core/dist/index.js');
const { decodeBody } = await load('packages/fetchers/dist/index.js');
const { text } = decodeBody(readFileSync(page), 'text/html');
const source = createAutoSource();
for (const label of ['first', 'second']) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { items } = await source.extract(parseHtmlSource(text, url), { config: { channel: { url } } });
  const used = process.cpuUsage(cpu);
  console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, ${items.length} items`);
}
