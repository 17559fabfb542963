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
 * `--old-method` measures as benchmark 1 did before the fifth round, for comparison: the floor
 * in the engine's own process, 20 ms batches, 21 rounds.
 *
 * A copy kept under `packages/core/node_modules/` resolves core's dependencies as the build does.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { parseDocument } from 'htmlparser2';
import { fetchResult, readPage, readTruth, selectorConfigs } from '../lib/corpus.mjs';
import { startParseFloor } from '../lib/floor-process.mjs';
import { median, pairedMedians, sum } from '../lib/stats.mjs';

const SELF = fileURLToPath(import.meta.url);

function cpuNow() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The floor in this process (the method before the fifth round). */
function inProcessFloor(body) {
  return (repetitions) => {
    const started = cpuNow();
    for (let repetition = 0; repetition < repetitions; repetition += 1) parseDocument(body);
    return (cpuNow() - started) / repetitions;
  };
}

/** One build, measured in this process: `{ subject, floor }` in ms per round of the five pages. */
async function measure(directory, oldMethod) {
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
      results.push(
        oldMethod
          ? await pairedMedians(subject, inProcessFloor(body), { warmup: 5, rounds: 21, batchMs: 20 })
          : await pairedMedians(subject, (repetitions) => floor.batch(name, repetitions), { warmup: 5, rounds: 15, batchMs: 100 }),
      );
    }
  } finally {
    await floor.stop();
  }
  return { subject: sum(results.map((result) => result.subjectMs)), floor: sum(results.map((result) => result.floorMs)) };
}

const oldMethod = process.argv.includes('--old-method');
const args = process.argv.slice(2).filter((argument) => argument !== '--old-method');
if (args[0] === '--one') {
  console.log(JSON.stringify(await measure(args[1], oldMethod)));
} else {
  const directories = args.slice(0, 2);
  if (directories.length !== 2) throw new Error('usage: node bench/tools/compare-core-builds.mjs [--old-method] <old core dist> <new core dist>');
  const runs = new Map(directories.map((directory) => [directory, []]));
  for (let repeat = 0; repeat < 6; repeat += 1) {
    for (const directory of repeat % 2 ? [...directories].reverse() : directories) {
      const { stdout } = await promisify(execFile)(process.execPath, [SELF, '--one', directory, ...(oldMethod ? ['--old-method'] : [])], { maxBuffer: 1024 * 1024 });
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
