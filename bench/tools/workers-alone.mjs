/**
 * Diagnostic for benchmark 8: do two extraction threads cost more CPU per feed than one by
 * themselves, without the server around them? Two worker threads each run the engine (auto mode,
 * benchmark 8's 76 KiB page given as the source, no fetch) and render RSS, 300 times per burst;
 * bursts alternate between worker 1 alone and both at once. Prints each burst's CPU per
 * generation on the workers' own threads and in the whole process (V8's helper threads included),
 * from /proc (Linux).
 *
 *   node bench/tools/workers-alone.mjs
 */
import { Worker } from 'node:worker_threads';
import { readdirSync, readFileSync } from 'node:fs';
const code = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { createAutoSource } = await import('${import.meta.resolve('@pagefeed/auto-source')}');
  const { createEngine, loadFeedsFile } = await import('${import.meta.resolve('@pagefeed/core')}');
  const { fetchResult, readPage, readTruth } = await import('${new URL('../lib/corpus.mjs', import.meta.url).href}');
  const { autoFeedsYaml } = await import('${new URL('../lib/heavy-pages.mjs', import.meta.url).href}');
  const engine = createEngine({ strategies: { plain: { name: 'plain', fetch: async () => { throw new Error('x'); } } }, autoSource: createAutoSource() });
  const [config] = Object.values(loadFeedsFile(autoFeedsYaml({ cold: 'http://x/page' }), { source: 'x', env: {} }).feeds);
  const page = readPage(readTruth('feedless__03-telepolis-de').file);
  const tid = Number(require('fs').readlinkSync('/proc/thread-self').split('/').pop());
  parentPort.postMessage({ tid });
  parentPort.on('message', async (n) => { for (let i = 0; i < n; i++) { const r = await engine.generate(config, { source: fetchResult(page, 'http://x/page?' + i) }); engine.render(r.feed, 'rss'); } parentPort.postMessage({ done: n }); });
})();`;
function cpu(tid) { const s = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) * 10; }
function all() { let t = 0; for (const tid of readdirSync('/proc/self/task')) { try { t += cpu(tid); } catch {} } return t; }
const workers = await Promise.all([0, 1].map(() => new Promise((res) => { const w = new Worker(code, { eval: true }); w.once('message', ({ tid }) => res({ w, tid })); })));
const run = (ws, n) => Promise.all(ws.map(({ w }) => new Promise((res) => { w.once('message', res); w.postMessage(n); })));
await run(workers, 300); // warm both
for (let rep = 0; rep < 3; rep++) {
  for (const set of [[workers[0]], workers]) {
    const before = set.map(({ tid }) => cpu(tid)); const b = all();
    await run(set, 300);
    const used = set.map(({ tid }, i) => cpu(tid) - before[i]).reduce((a, c) => a + c, 0);
    const total = all() - b;
    console.log(`${set.length} worker(s): worker CPU per generation ${(used / (300 * set.length)).toFixed(2)} ms, process (helpers incl.) ${(total / (300 * set.length)).toFixed(2)} ms`);
  }
}
for (const { w } of workers) await w.terminate();
