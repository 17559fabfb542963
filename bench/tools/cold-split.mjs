/**
 * Diagnostic for benchmark 4: where the app's cold-generation latency goes beyond the minimal
 * server's. Starts the minimal server and the full app in several set-ups side by side and asks
 * each for a new cold feed in every round (order rotated per round), so all are measured under
 * the same machine load. Prints the median per set-up and its ratio to the minimal server.
 *
 *   node bench/tools/cold-split.mjs [rounds=200] [warmup=300]
 *
 * Set-ups: the app as shipped (2 workers, lowered to nice +10 once a task has used 20 ms of CPU);
 * the static priority of before (nice +10 from the start); workers at nice 0; the engine on the main thread (no thread
 * hops, no structured clones: EXTRACTION_WORKERS=0); that with the access log at warn (no log
 * line); each also with the client asking for no compression (`Accept-Encoding: identity`; the
 * minimal server never compresses).
 *
 * `node bench/tools/cold-split.mjs 200 300 /path/to/other/built/clone`: also the app as built in that
 * checkout (its own `bench/servers/serve.mjs`), in the same rounds: a before/after pair on a loaded
 * machine.
 */
import { fork } from 'node:child_process';
import { startServerProcess } from '../lib/processes.mjs';
import { startSourceServer } from '../lib/source-server.mjs';
import { readPage, readTruth } from '../lib/corpus.mjs';
import { feedsYaml } from '../lib/feeds.mjs';
import { median } from '../lib/stats.mjs';

const CONFIG = 'feedless__03-telepolis-de';
const rounds = Number(process.argv[2] ?? 200);
const warmup = Number(process.argv[3] ?? 300);
const other = process.argv[4];
const truth = readTruth(CONFIG);
const source = await startSourceServer({ body: readPage(truth.file), ownProcess: true });
const yaml = feedsYaml({ name: 'cold', config: CONFIG, url: `http://127.0.0.1:${source.port}/page?n=%<n>s`, parameter: 'n' });
const app = (extra) => ({ mode: 'full', feedsYaml: yaml, logLevel: 'info', rateLimitPerMinute: 1_000_000_000, ...extra });
const setups = {
  minimal: { mode: 'minimal', feedsYaml: yaml },
  'app (2 workers, nice +10 after 20 ms CPU)': app({}),
  'app (2 workers, nice +10 from the start)': app({ demoteAfterCpuMs: 0 }),
  'app (2 workers, nice 0)': app({ niceness: 0 }),
  'app (no workers)': app({ workers: 0 }),
  'app (no workers, no log line)': app({ workers: 0, logLevel: 'warn' }),
};
if (other) setups[`app as built in ${other}`] = { ...app({}), root: other };
const servers = {};
/** The server of another checkout: its own serve.mjs (and packages). */
function startOther({ root, ...options }) {
  const child = fork(`${root}/bench/servers/serve.mjs`, [JSON.stringify(options)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve) => child.once('message', ({ port }) => resolve({ port, stop: () => new Promise((done) => { child.once('exit', done); child.kill('SIGTERM'); }) })));
}
try {
  for (const [name, options] of Object.entries(setups)) servers[name] = options.root ? await startOther(options) : await startServerProcess(options);
  const names = Object.keys(servers);
  const times = Object.fromEntries(names.flatMap((name) => [[name, []], [`${name}, identity`, []]]));
  let counter = 0;
  for (let round = 0; round < warmup + rounds; round += 1) {
    for (let index = 0; index < names.length * 2; index += 1) {
      const slot = (index + round) % (names.length * 2);
      const name = names[slot % names.length];
      const identity = slot >= names.length;
      counter += 1;
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${servers[name].port}/api/v1/feeds/cold.rss?n=${counter}`, identity ? { headers: { 'accept-encoding': 'identity' } } : {});
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${name}: status ${response.status}`);
      if (round >= warmup) times[identity ? `${name}, identity` : name].push(elapsed);
    }
  }
  const floor = median(times.minimal);
  for (const [name, values] of Object.entries(times)) console.log(`${median(values).toFixed(2).padStart(7)} ms  ${(median(values) / floor).toFixed(2)}×  ${name}`);
} finally {
  for (const server of Object.values(servers)) await server.stop();
  await source.stop();
}
