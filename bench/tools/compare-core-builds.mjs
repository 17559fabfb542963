/**
 * Before/after for an engine optimisation: benchmark 1's workload on two builds of
 * @pagefeed/core loaded side by side in one process, same method as `run.mjs` (CPU time, batches
 * paired with parseDocument), six repeats in alternating order.
 *
 *   cp -r packages/core/dist bench/.ab/core-old      # before the change
 *   (change, pnpm --filter @pagefeed/core build)
 *   cp -r packages/core/dist bench/.ab/core-new
 *   node bench/tools/compare-core-builds.mjs [bench/.ab/core-old bench/.ab/core-new]
 *
 * `bench/.ab/node_modules` must point at `packages/core/node_modules` so the copies resolve their
 * dependencies (`ln -s ../../packages/core/node_modules bench/.ab/node_modules`).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadFeedConfig } from '@pagefeed/core';
import { parseDocument } from 'htmlparser2';
import { fetchResult, readPage, readTruth, selectorConfigs } from '../lib/corpus.mjs';
import { median, pairedMedians, sum } from '../lib/stats.mjs';

const directories = process.argv.length >= 4 ? process.argv.slice(2, 4) : ['bench/.ab/core-old', 'bench/.ab/core-new'];
const offline = { name: 'plain', fetch: () => Promise.reject(new Error('offline')) };
const variants = [];
for (const directory of directories) {
  const core = await import(pathToFileURL(resolve(directory, 'index.js')).href);
  variants.push({ name: directory, engine: core.createEngine({ strategies: { plain: offline } }), runs: [] });
}
const pages = selectorConfigs().map(({ name, yaml }) => {
  const truth = readTruth(name);
  const body = readPage(truth.file);
  return { config: loadFeedConfig(yaml, { env: {} }), body, url: truth.url };
});
for (let repeat = 0; repeat < 6; repeat += 1) {
  for (const variant of repeat % 2 ? [...variants].reverse() : variants) {
    const results = [];
    for (const page of pages) {
      // A new FetchResult per call, as after a real fetch: core remembers results it found clean.
      const subject = async () => variant.engine.render((await variant.engine.generate(page.config, { source: fetchResult(page.body, page.url) })).feed, 'rss');
      results.push(await pairedMedians(subject, () => parseDocument(page.body), { warmup: 3, rounds: 9 }));
    }
    const run = { subject: sum(results.map((result) => result.subjectMs)), floor: sum(results.map((result) => result.floorMs)) };
    variant.runs.push(run);
    console.log(`${variant.name}: engine ${run.subject.toFixed(2)} ms, parse ${run.floor.toFixed(2)} ms, ratio ${(run.subject / run.floor).toFixed(2)}`);
  }
}
for (const variant of variants) {
  const ratio = median(variant.runs.map((run) => run.subject / run.floor));
  console.log(`${variant.name}: median engine ${median(variant.runs.map((run) => run.subject)).toFixed(2)} ms, median ratio ${ratio.toFixed(2)}`);
}
