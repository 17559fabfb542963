/**
 * Benchmark 1's workload (the five list pages → RSS) on one build of @pagefeed/core, in this
 * process, CPU time only, no floor: for comparing builds quickly when the machine is too loaded
 * for `bench/tools/compare-core-builds.mjs` to finish in reasonable time. Run builds in turn, in
 * fresh processes, several times (one process per build: two builds in one share htmlparser2's code).
 *
 *   node bench/probes/selectors-builds.mjs packages/core/node_modules/.core-old [rounds]
 *   node bench/probes/selectors-builds.mjs packages/core/dist [rounds]
 *
 * Prints the median and the fastest of ten batches, ms per round of the five pages.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fetchResult, readPage, readTruth, selectorConfigs } from '../lib/corpus.mjs';
import { cpuNow } from '../lib/stats.mjs';

const [directory = 'packages/core/dist', roundsArgument = '100'] = process.argv.slice(2);
const core = await import(pathToFileURL(resolve(directory, 'index.js')).href);
const engine = core.createEngine({ strategies: { plain: { name: 'plain', fetch: () => Promise.reject(new Error('offline')) } } });
const jobs = selectorConfigs().map(({ name, yaml }) => {
  const truth = readTruth(name);
  return { config: core.loadFeedConfig(yaml, { env: {} }), body: readPage(truth.file), url: truth.url };
});
async function round() {
  for (const job of jobs) engine.render((await engine.generate(job.config, { source: fetchResult(job.body, job.url) })).feed, 'rss');
}
for (let warmup = 0; warmup < 20; warmup += 1) await round();
const perRound = [];
const rounds = Math.max(1, Math.round(Number(roundsArgument) / 10));
for (let batch = 0; batch < 10; batch += 1) {
  const started = cpuNow();
  for (let index = 0; index < rounds; index += 1) await round();
  perRound.push((cpuNow() - started) / rounds);
}
perRound.sort((left, right) => left - right);
console.log(JSON.stringify({ build: directory, medianMs: Number(perRound[5].toFixed(2)), fastestMs: Number(perRound[0].toFixed(2)) }));
