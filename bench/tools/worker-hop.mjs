/**
 * Diagnostic for benchmark 4: what one hand-over between the main thread and an idle worker costs
 * (the app makes two per cold feed: the task out, the result back). A worker answers each message
 * at once; the main thread sends the next one after `--gap` ms of idleness (as between cold
 * requests: the worker sleeps and must be woken), and measures the round trip.
 *
 *   node bench/tools/worker-hop.mjs [--rounds 2000] [--gap 2] [--bytes 78000]
 *
 * Prints the median and p90 round trip for an empty message, for a message carrying `--bytes` of
 * page bytes transferred (as the app hands over a fetched page), and for the same bytes copied
 * (structured clone of a string, as a rendered feed crosses), with the CPU per round trip of both
 * threads (from /proc, Linux). Two hand-overs ≈ one round trip.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index < 0 ? fallback : Number(args[index + 1]);
};
const rounds = option('rounds', 2000);
const gap = option('gap', 2);
const bytes = option('bytes', 78_000);

const worker = new Worker(`
  const { parentPort } = require('node:worker_threads');
  const { readFileSync, readlinkSync } = require('node:fs');
  parentPort.on('message', (message) => {
    if (message === 'tid') return parentPort.postMessage(readlinkSync('/proc/thread-self').split('/').pop());
    parentPort.postMessage(message.buffer ? { ok: true } : message.text ? { ok: true } : {});
  });
`, { eval: true });
const ask = (message, transfer) => new Promise((resolve) => {
  worker.once('message', resolve);
  worker.postMessage(message, transfer);
});

function cpuMs(tid) {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const mainTid = process.pid;
const workerTid = await ask('tid');

const text = 'x'.repeat(bytes);
const kinds = {
  empty: () => [{}, []],
  transferred: () => {
    const buffer = new Uint8Array(bytes).buffer;
    return [{ buffer }, [buffer]];
  },
  copied: () => [{ text }, []],
};

const load = loadavg()[0].toFixed(1);
console.log(`${rounds} round trips each, ${gap} ms idle before each, ${bytes} bytes; load ${load}`);
for (const [name, make] of Object.entries(kinds)) {
  for (let index = 0; index < 200; index += 1) await ask(...make());
  const times = [];
  const cpu = [cpuMs(mainTid), cpuMs(workerTid)];
  for (let index = 0; index < rounds; index += 1) {
    if (gap > 0) await sleep(gap);
    const [message, transfer] = make();
    const started = performance.now();
    await ask(message, transfer);
    times.push(performance.now() - started);
  }
  const used = [cpuMs(mainTid) - cpu[0], cpuMs(workerTid) - cpu[1]].map((ms) => (ms / rounds).toFixed(3));
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.floor(q * (times.length - 1))].toFixed(3);
  console.log(`  ${name.padEnd(12)} median ${at(0.5)} ms, p90 ${at(0.9)} ms; CPU per round trip: main ${used[0]} ms (with the timer), worker ${used[1]} ms`);
}
await worker.terminate();
