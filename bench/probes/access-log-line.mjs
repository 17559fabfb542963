/**
 * Access-log probe: the server CPU one access-log line costs, as benchmark 3's cached read makes it
 * (`createAccessLog(...).record(...)`: request counter, duration, the line, standard output), for
 * one or more builds of @pagefeed/server side by side in one process.
 *
 *   node bench/probes/access-log-line.mjs [--lines 100000] [--rounds 7] [label=DIST ...] > /dev/null
 *
 * Each DIST is a server's `dist` folder (default: this checkout's, `packages/server/dist`); e.g.
 * `before=/tmp/pre-pino/packages/server/dist after=packages/server/dist`. Lines go to standard
 * output as the server writes them (send it to /dev/null, as benchmark 3's server processes do);
 * the results go to standard error, one JSON object. Lines are made in bursts of `--burst` (50,
 * about a millisecond of a loaded server's requests) with a 1 ms timer between bursts, so the
 * logger's batching works as in a server. Rounds alternate the order of the builds; each round
 * measures this process's CPU time (user + system) for `--lines` lines per build, minus the same
 * loop with nothing recorded (`nothing`), and reports the median and range of ns per line, and for
 * every build after the first its difference from the first, paired round by round.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from '../lib/stats.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    lines: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '7' },
    burst: { type: 'string', default: '50' },
  },
});
const LINES = Number(values.lines);
const ROUNDS = Number(values.rounds);
const BURST = Number(values.burst);
const ROUTE = '/api/v1/feeds/:name';
const CLIENT = '127.0.0.1';

const builds = (positionals.length > 0 ? positionals : [`this=${new URL('../../packages/server/dist', import.meta.url).pathname}`]).map((argument) => {
  const at = argument.indexOf('=');
  if (at < 1) throw new Error(`"${argument}": give each build as label=path/to/packages/server/dist`);
  return { label: argument.slice(0, at), dist: resolve(argument.slice(at + 1)) };
});

async function load({ label, dist }) {
  const module = (file) => import(pathToFileURL(`${dist}/${file}`).href);
  const [{ createAccessLog }, { createLogger }, { createMetrics }] = await Promise.all([module('middleware/request-log.js'), module('operating/logger.js'), module('operating/metrics.js')]);
  const accessLog = createAccessLog({ logger: createLogger({ level: 'info' }), metrics: createMetrics() });
  return { label, record: (requestId, started) => accessLog.record(requestId, 'GET', ROUTE, 200, started, CLIENT) };
}

const requestIds = Array.from({ length: 1024 }, () => randomUUID());
const pause = () => new Promise((done) => setTimeout(done, 1));
const cpuMicroseconds = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

async function run(record) {
  const before = cpuMicroseconds();
  for (let made = 0; made < LINES; made += BURST) {
    for (let index = 0; index < BURST; index += 1) record(requestIds[(made + index) & 1023], performance.now());
    await pause();
  }
  // The last burst's lines are written a millisecond later: counted too.
  await pause();
  return cpuMicroseconds() - before;
}

const subjects = [{ label: 'nothing', record: () => {} }, ...(await Promise.all(builds.map(load)))];
// Warm-up: every path compiled and every lazy structure made before the first measured round.
for (const subject of subjects) await run(subject.record);
const results = new Map(subjects.map((subject) => [subject.label, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? subjects : [...subjects].reverse();
  for (const subject of order) results.get(subject.label).push(await run(subject.record));
}
const nothing = results.get('nothing');
const report = { lines: LINES, rounds: ROUNDS, burst: BURST, loadAverage: (await import('node:os')).loadavg().map((value) => value.toFixed(2)), nothingNsPerLine: Math.round((median(nothing) * 1000) / LINES), builds: {} };
for (const { label } of subjects.slice(1)) {
  // Per round: this build's CPU minus the empty loop's CPU of the same round.
  const perLine = results.get(label).map((micros, round) => ((micros - nothing[round]) * 1000) / LINES);
  report.builds[label] = { medianNs: Math.round(median(perLine)), minNs: Math.round(Math.min(...perLine)), maxNs: Math.round(Math.max(...perLine)) };
}
// Paired: each build against the first one named, round by round (the same moment's load), median and range.
const [first, ...others] = subjects.slice(1).map(({ label }) => label);
for (const label of others) {
  const differences = results.get(label).map((micros, round) => ((micros - results.get(first)[round]) * 1000) / LINES);
  report.builds[label][`minus_${first}`] = { medianNs: Math.round(median(differences)), minNs: Math.round(Math.min(...differences)), maxNs: Math.round(Math.max(...differences)) };
}
process.stderr.write(`${JSON.stringify(report)}\n`);
