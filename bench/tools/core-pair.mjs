/**
 * Diagnostic for benchmark 8: do this machine's two vCPUs give two cores' worth of work? Two
 * threads run the same fixed CPU-bound work (an integer hash loop, no allocation, a few KB of data:
 * no memory traffic to share); bursts alternate between one thread alone and both at once. On two
 * separate physical cores, a thread does the same work per CPU-millisecond alone or beside the
 * other; on two hyperthreads of one core (how many clouds sell a 2-vCPU machine), each does a
 * fraction of that when both run, so two threads give well under 2× one thread's throughput.
 *
 *   node bench/tools/core-pair.mjs [--rounds 4] [--units 60]
 *
 * Per burst: wall time, each thread's CPU (from /proc, Linux), and the work per CPU-second
 * relative to the first lone burst. Other programs on the machine blur it (a lone thread's sibling
 * is then busy with them): read it on a quiet machine, with the load average it prints.
 */
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index < 0 ? fallback : Number(args[index + 1]);
};
const rounds = option('rounds', 4);
const units = option('units', 60);

const code = `
const { parentPort } = require('node:worker_threads');
const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
const table = new Uint32Array(1024);
for (let i = 0; i < table.length; i++) table[i] = (i * 2654435761) >>> 0;
function unit() {
  let h = 2166136261;
  for (let i = 0; i < 2_000_000; i++) h = Math.imul(h ^ table[(h ^ i) & 1023], 16777619) >>> 0;
  return h;
}
parentPort.postMessage({ tid });
parentPort.on('message', (n) => { let x = 0; for (let i = 0; i < n; i++) x ^= unit(); parentPort.postMessage(x); });`;

function threadCpuMs(tid) {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const workers = await Promise.all([0, 1].map(() => new Promise((resolve) => {
  const worker = new Worker(code, { eval: true });
  worker.once('message', ({ tid }) => resolve({ worker, tid }));
})));
const run = (set, n) => Promise.all(set.map(({ worker }) => new Promise((resolve) => { worker.once('message', resolve); worker.postMessage(n); })));
await run(workers, 5); // Warm-up: both compiled.

let reference;
console.log(`${units} units per thread per burst; load average at start ${loadavg()[0].toFixed(1)}`);
for (let round = 0; round < rounds; round += 1) {
  for (const set of [[workers[0]], workers]) {
    const before = set.map(({ tid }) => threadCpuMs(tid));
    const started = performance.now();
    await run(set, units);
    const wall = performance.now() - started;
    const cpu = set.map(({ tid }, index) => threadCpuMs(tid) - before[index]);
    const perCpuSecond = (units * set.length) / (cpu.reduce((a, b) => a + b, 0) / 1000);
    reference ??= perCpuSecond;
    const throughput = (units * set.length) / (wall / 1000);
    console.log(`${set.length} thread(s): wall ${wall.toFixed(0)} ms, CPU ${cpu.join(' + ')} ms, work per CPU-second ${(perCpuSecond / reference).toFixed(2)} of the first lone burst, units/s ${throughput.toFixed(1)} (load ${loadavg()[0].toFixed(1)})`);
  }
}
for (const { worker } of workers) await worker.terminate();
