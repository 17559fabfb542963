/**
 * Before/after for an engine optimisation: benchmark 1's workload on two builds of @pagefeed/core,
 * same method and rounds as `run.mjs` (CPU time, batches paired with `parseDocument` in its own process). Each
 * build runs in a fresh process of its own, six times, in alternating order: two builds in one
 * process share htmlparser2's code, and V8's code for it then suits neither.
 *
 *   cp -r packages/core/dist packages/core/node_modules/.core-old   # before the change
 *   (change, pnpm --filter @pagefeed/core build)
 *   node bench/tools/compare-core-builds.mjs packages/core/node_modules/.core-old packages/core/dist
 *
 * A copy kept under `packages/core/node_modules/` resolves core's dependencies as the build does.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { fetchResult, readPage, readTruth, selectorConfigs } from '../lib/corpus.mjs';
import { startParseFloor } from '../lib/floor-process.mjs';
import { median, pairedMedians, sum } from '../lib/stats.mjs';

const SELF = fileURLToPath(import.meta.url);

/** One build, measured in this process: `{ subject, floor }` in ms per round of the five pages. */
async function measure(directory) {
  const core = await import(pathToFileURL(resolve(directory, 'index.js')).href);
  const engine = core.createEngine({ strategies: { plain: { name: 'plain', fetch: () => Promise.reject(new Error('offline')) } } });
  const floor = startParseFloor();
  const results = [];
  try {
    for (const { name, yaml } of selectorConfigs()) {
      const truth = readTruth(name);
      const body = readPage(truth.file);
      const config = core.loadFeedConfig(yaml, { env: {} });
      await floor.load(name, body);
      // A new FetchResult per call, as after a real fetch: core remembers results it found clean.
      const subject = async () => engine.render((await engine.generate(config, { source: fetchResult(body, truth.url) })).feed, 'rss');
      results.push(await pairedMedians(subject, (repetitions) => floor.batch(name, repetitions), { warmup: 5, rounds: 15, batchMs: 100 }));
    }
  } finally {
    await floor.stop();
  }
  return { subject: sum(results.map((result) => result.subjectMs)), floor: sum(results.map((result) => result.floorMs)) };
}

if (process.argv[2] === '--one') {
  console.log(JSON.stringify(await measure(process.argv[3])));
} else {
  const directories = process.argv.slice(2, 4);
  if (directories.length !== 2) throw new Error('usage: node bench/tools/compare-core-builds.mjs <old core dist> <new core dist>');
  const runs = new Map(directories.map((directory) => [directory, []]));
  for (let repeat = 0; repeat < 6; repeat += 1) {
    for (const directory of repeat % 2 ? [...directories].reverse() : directories) {
      const { stdout } = await promisify(execFile)(process.execPath, [SELF, '--one', directory], { maxBuffer: 1024 * 1024 });
      const run = JSON.parse(stdout.trim().split('\n').pop());
      runs.get(directory).push(run);
      console.log(`${directory}: engine ${run.subject.toFixed(2)} ms, parse ${run.floor.toFixed(2)} ms, ratio ${(run.subject / run.floor).toFixed(2)}`);
    }
  }
  for (const [directory, measured] of runs) {
    const ratio = median(measured.map((run) => run.subject / run.floor));
    console.log(`${directory}: median engine ${median(measured.map((run) => run.subject)).toFixed(2)} ms, median ratio ${ratio.toFixed(2)}`);
  }
}
