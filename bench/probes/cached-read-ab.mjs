/**
 * Benchmark 3's cached read, two builds in one run: the full app of another checkout (`--before`,
 * a built clone of an older commit) and of this one, beside the bare Hono floor, each in its own
 * process, loaded in alternating rounds. Paired in time, the two builds share whatever else the
 * machine runs, which separate `pnpm bench` runs do not.
 *
 *   node bench/probes/cached-read-ab.mjs --before /tmp/pre-pino [--rounds 10] [--duration 1500]
 *
 * Prints one JSON object: per build, requests per second (median of rounds) and its ratio to the
 * bare app's, and server CPU per request (summed over the rounds, /proc) and its ratio to the bare
 * app's; then this build's figures divided by the other's, per round and in median.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readPage, readTruth } from '../lib/corpus.mjs';
import { feedsYaml } from '../lib/feeds.mjs';
import { getOnce, runLoad } from '../lib/load.mjs';
import { startSourceServer } from '../lib/source-server.mjs';
import { median } from '../lib/stats.mjs';

const { values } = parseArgs({ options: { before: { type: 'string' }, rounds: { type: 'string', default: '10' }, duration: { type: 'string', default: '1500' } } });
if (!values.before) throw new Error('--before: the root of a built checkout to compare with (e.g. /tmp/pre-pino)');
const ROUNDS = Number(values.rounds);
const DURATION_MS = Number(values.duration);
const CONFIG = 'feedless__03-telepolis-de';
const PATH = '/api/v1/feeds/cached.rss';
const THIS_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function start(root, options) {
  const child = fork(join(resolve(root), 'bench/servers/serve.mjs'), [JSON.stringify(options)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`server in ${root} exited with ${code}`)));
    child.once('message', ({ port }) => {
      child.removeAllListeners('exit');
      done({ port, pid: child.pid, stop: () => new Promise((stopped) => (child.exitCode !== null ? stopped() : (child.once('exit', stopped), child.kill('SIGTERM')))) });
    });
  });
}

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const source = await startSourceServer({ body: readPage(readTruth(CONFIG).file) });
const directory = mkdtempSync(join(tmpdir(), 'pagefeed-ab-'));
const servers = [];
try {
  const yaml = feedsYaml({ name: 'cached', config: CONFIG, url: `http://127.0.0.1:${source.port}/page` });
  // As benchmark 3's row 3: request log at info, rate limit counting (never reached).
  const full = { mode: 'full', feedsYaml: yaml, logLevel: 'info', rateLimitPerMinute: 1_000_000_000 };
  servers.push({ label: 'before', ...(await start(values.before, full)) });
  servers.push({ label: 'after', ...(await start(THIS_ROOT, full)) });
  const primed = await getOnce(servers[1].port, PATH);
  if (primed.status !== 200 || (await getOnce(servers[0].port, PATH)).status !== 200) throw new Error('a full app did not answer 200');
  const bodyFile = join(directory, 'feed.rss');
  writeFileSync(bodyFile, primed.body);
  servers.push({ label: 'bare', ...(await start(THIS_ROOT, { mode: 'bare', bodyFile, contentType: primed.headers.get('content-type') })) });
  for (const server of servers) await runLoad({ port: server.port, path: PATH, connections: 16, durationMs: 1000 });
  const runs = new Map(servers.map((server) => [server.label, []]));
  const loadBefore = loadavg()[0];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Every order in turn, so no build always follows the same one.
    const order = [...servers.slice(round % 3), ...servers.slice(0, round % 3)];
    if (round % 2 === 1) order.reverse();
    for (const server of order) {
      const before = cpuMs(server.pid);
      const run = await runLoad({ port: server.port, path: PATH, connections: 16, durationMs: DURATION_MS });
      runs.get(server.label).push({ perSecond: run.perSecond, requests: run.requests, cpuMs: cpuMs(server.pid) - before });
    }
  }
  const summary = (label) => {
    const list = runs.get(label);
    return { perSecond: Math.round(median(list.map((run) => run.perSecond))), cpuMicroseconds: (list.reduce((sum, run) => sum + run.cpuMs, 0) * 1000) / list.reduce((sum, run) => sum + run.requests, 0) };
  };
  const bare = summary('bare');
  const report = { rounds: ROUNDS, durationMs: DURATION_MS, loadAverage: [loadBefore, loadavg()[0]].map((value) => value.toFixed(2)), bare };
  for (const label of ['before', 'after']) {
    const own = summary(label);
    const ratios = runs.get(label).map((run, round) => run.perSecond / runs.get('bare')[round].perSecond);
    report[label] = { ...own, ratioToBare: Number(median(ratios).toFixed(3)), cpuToBare: Number((own.cpuMicroseconds / bare.cpuMicroseconds).toFixed(3)) };
  }
  const perRound = runs.get('after').map((run, round) => run.perSecond / runs.get('before')[round].perSecond);
  report.afterOverBefore = {
    throughputPerRound: perRound.map((value) => Number(value.toFixed(2))),
    throughputMedian: Number(median(perRound).toFixed(3)),
    cpuPerRequest: Number((report.after.cpuMicroseconds / report.before.cpuMicroseconds).toFixed(3)),
  };
  console.log(JSON.stringify(report));
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await source.stop();
  rmSync(directory, { recursive: true, force: true });
}
