/**
 * `pnpm bench`: every benchmark, one table. Each result is a ratio to a floor measured in the same
 * run on the same machine (absolute times on a shared machine are noise).
 *
 *   node bench/run.mjs [--only 1,3] [--quick] [--json results.json]
 *
 * Benchmarks import the built packages (dist), like users do: `pnpm bench` builds first.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { printTable, verdict } from './lib/table.mjs';

const { values } = parseArgs({
  // `pnpm bench -- --quick` passes the `--` through.
  args: process.argv.slice(2).filter((argument) => argument !== '--'),
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    json: { type: 'string' },
    details: { type: 'boolean', default: false },
  },
});

// Loaded one by one: a package that is not built (or not written yet) makes only the benchmarks
// that need it "not available", with the reason.
const BENCHMARKS = [
  { id: '1', name: 'engine, selectors mode', load: async () => (await import('./engine-selectors.mjs')).runEngineSelectors },
  { id: '2', name: 'engine, auto mode', load: async () => (await import('./engine-auto.mjs')).runEngineAuto },
  { id: '3', name: 'server, cached feed', load: async () => (await import('./server-cached.mjs')).runServerCached },
  { id: '4', name: 'server, cold generation', load: async () => (await import('./server-cold.mjs')).runServerCold },
  { id: '5', name: 'memory', load: async () => (await import('./memory.mjs')).runMemory },
  { id: '6', name: 'engine scaling', load: async () => (await import('./engine-scaling.mjs')).runEngineScaling },
  { id: '7', name: 'server responsive during heavy extraction', load: async () => (await import('./server-liveness.mjs')).runServerLiveness },
  { id: '8', name: 'server, cold throughput on every core', load: async () => (await import('./server-throughput.mjs')).runServerThroughput },
  { id: '9', name: 'CLI start', load: async () => (await import('./cli-start.mjs')).runCliStart },
];

const selected = values.only ? new Set(values.only.split(',').map((id) => id.trim())) : undefined;
const cpu = cpus();
const machine = {
  date: new Date().toISOString(),
  cpu: cpu[0]?.model ?? 'unknown',
  cores: cpu.length,
  memory: `${Math.round(totalmem() / 1024 ** 3)} GiB`,
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  loadBefore: loadavg().map((value) => value.toFixed(2)).join(' '),
};
console.log(`pagefeed benchmarks — ${machine.date}`);
console.log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory}; node ${machine.node} (${machine.platform}); load average ${machine.loadBefore}`);
if (values.quick) console.log('quick mode: fewer rounds, 1000 cached feeds — for trying things, not for results');

const rows = [];
const details = {};
const started = performance.now();
for (const benchmark of BENCHMARKS) {
  if (selected && !selected.has(benchmark.id)) continue;
  const benchmarkStarted = performance.now();
  process.stdout.write(`running ${benchmark.id}. ${benchmark.name} … `);
  try {
    const run = await benchmark.load();
    const result = await run({ quick: values.quick });
    rows.push(...result.rows);
    details[benchmark.id] = result;
    process.stdout.write(`${((performance.now() - benchmarkStarted) / 1000).toFixed(0)} s\n`);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    rows.push({ id: benchmark.id, name: benchmark.name, measured: `not available: ${reason}`, floor: '', ratio: Number.NaN, goal: {}, note: '' });
    process.stdout.write(`not available: ${reason}\n`);
  }
}
machine.loadAfter = loadavg().map((value) => value.toFixed(2)).join(' ');
machine.seconds = Math.round((performance.now() - started) / 1000);
console.log('');
printTable(rows);
console.log(`\n${machine.seconds} s in all; load average after ${machine.loadAfter} (2 shared cores: other work on the machine makes every figure noisy)`);
if (values.details) {
  for (const [id, result] of Object.entries(details)) if (result.details) console.table(result.details);
  if (details['2']?.slowest) console.log(`auto mode, highest ratios: ${details['2'].slowest.join(', ')}`);
}
if (values.json) writeFileSync(values.json, `${JSON.stringify({ machine, rows: rows.map((row) => ({ ...row, verdict: verdict(row) })), details }, null, 2)}\n`);
