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
import { runEngineAuto } from './engine-auto.mjs';
import { runEngineSelectors } from './engine-selectors.mjs';
import { runMemory } from './memory.mjs';
import { runServerCached } from './server-cached.mjs';
import { runServerCold } from './server-cold.mjs';
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

const BENCHMARKS = [
  { id: '1', name: 'engine, selectors mode', run: runEngineSelectors },
  { id: '2', name: 'engine, auto mode', run: runEngineAuto },
  { id: '3', name: 'server, cached feed', run: runServerCached },
  { id: '4', name: 'server, cold generation', run: runServerCold },
  { id: '5', name: 'memory', run: runMemory },
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
    const result = await benchmark.run({ quick: values.quick });
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
