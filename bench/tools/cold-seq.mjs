/**
 * Diagnostic for benchmark 4: row 4's load (one cold feed at a time, Node's `fetch` as the client),
 * with CPU per request per thread read from /proc, for the minimal server and the app in set-ups
 * given as JSON, side by side in the same rounds (order rotated).
 *
 *   node bench/tools/cold-seq.mjs [--rounds 200] [--warmup 300] [--every N] [--identity] [name=SET-UP ...]
 *
 * A set-up is JSON: options of `bench/servers/serve.mjs` for the full app (`app='{"workers":0}'`),
 * or with a `mode` for another server (`plain='{"mode":"minimal","minimalCompression":false}'`);
 * or the path of another built checkout, whose own serve.mjs and packages run the full app
 * (`before=/tmp/before`): a before/after pair in the same rounds. Default: `app='{}'`. The minimal
 * server (benchmark 4's floor) is always there. CPU per request per thread is read from /proc
 * (Linux): on a loaded machine it moves far less than the latency does. `--every N` also prints
 * each N measured rounds apart (medians and CPU per request), to see whether the servers are still
 * warming up (V8 optimises code that runs once per request only after hundreds of requests).
 * `--phases` splits each server's median request in four, from the client's and the server's
 * clocks (epoch ms, same machine): sent → reached the server (Node's 'request' event), → answer
 * handed to the kernel ('finish'), → the client has its headers, → the client has its body. The
 * middle part is the server's own; the others show what a server costs around it (the app's work
 * after 'finish' shares the two cores with the client). A checkout given by path writes no phases
 * unless its serve.mjs knows `phasesFile`.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../lib/processes.mjs';
import { startSourceServer } from '../lib/source-server.mjs';
import { readPage, readTruth } from '../lib/corpus.mjs';
import { feedsYaml } from '../lib/feeds.mjs';
import { median } from '../lib/stats.mjs';

const CONFIG = 'feedless__03-telepolis-de';
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return fallback;
  return Number(args.splice(index, 2)[1]);
};
const flag = (name) => {
  const index = args.indexOf(`--${name}`);
  if (index >= 0) args.splice(index, 1);
  return index >= 0;
};
const rounds = option('rounds', 200);
const warmup = option('warmup', 300);
const every = option('every', 0);
const identity = flag('identity');
const phases = flag('phases');
const phasesDirectory = phases ? mkdtempSync(join(tmpdir(), 'cold-seq-phases-')) : undefined;
const truth = readTruth(CONFIG);
const source = await startSourceServer({ body: readPage(truth.file), ownProcess: true });
const yaml = feedsYaml({ name: 'cold', config: CONFIG, url: `http://127.0.0.1:${source.port}/page?n=%<n>s`, parameter: 'n' });
const setups = { minimal: { mode: 'minimal', feedsYaml: yaml } };
const extras = args.length > 0 ? args : ['app={}'];
for (const arg of extras) {
  const at = arg.indexOf('=');
  const value = arg.slice(at + 1);
  const given = value.startsWith('/') ? { root: value } : JSON.parse(value);
  setups[arg.slice(0, at)] = given.mode ? { feedsYaml: yaml, ...given } : { mode: 'full', feedsYaml: yaml, logLevel: 'info', rateLimitPerMinute: 1_000_000_000, ...given };
}
if (phasesDirectory) for (const [name, setup] of Object.entries(setups)) setup.phasesFile = join(phasesDirectory, `${name}.json`);

function threads(pid) {
  const byTid = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byTid[tid] = (Number(fields[11]) + Number(fields[12])) * 10;
    } catch { /* ended */ }
  }
  return byTid;
}

/** The full app as built in another checkout (its own serve.mjs and packages). */
function startOther({ root, ...options }) {
  const child = fork(`${root}/bench/servers/serve.mjs`, [JSON.stringify(options)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server in ${root} exited with code ${code}`)));
    child.once('message', ({ port }) => {
      child.removeAllListeners('exit');
      resolve({ port, pid: child.pid, stop: () => new Promise((done) => { child.once('exit', done); child.kill('SIGTERM'); }) });
    });
  });
}

const servers = {};
const load = [loadavg()[0]];
try {
  for (const [name, options] of Object.entries(setups)) servers[name] = { ...(await (options.root ? startOther(options) : startServerProcess(options))), times: [], before: undefined };
  const names = Object.keys(servers);
  let counter = 0;
  const headers = identity ? { 'accept-encoding': 'identity' } : {};
  for (let round = 0; round < warmup + rounds; round += 1) {
    if (round === warmup) for (const server of Object.values(servers)) server.before = threads(server.pid);
    for (let index = 0; index < names.length; index += 1) {
      const name = names[(index + round) % names.length];
      counter += 1;
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${servers[name].port}/api/v1/feeds/cold.rss?n=${counter}`, { headers });
      const headed = performance.now();
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${name}: status ${response.status}`);
      if (round >= warmup) servers[name].times.push(elapsed);
      if (round >= warmup && phases) (servers[name].client ??= []).push([started, headed, started + elapsed].map((ms) => performance.timeOrigin + ms));
    }
    if (every > 0 && round >= warmup && (round - warmup + 1) % every === 0) {
      const line = Object.entries(servers).map(([name, server]) => {
        const now = threads(server.pid);
        const last = server.segment ?? server.before;
        server.segment = now;
        const main = (now[server.pid] - last[server.pid]) / every;
        const others = Object.entries(now).filter(([tid]) => Number(tid) !== server.pid).reduce((sum, [tid, ms]) => sum + ms - (last[tid] ?? 0), 0) / every;
        return `${name} ${median(server.times.slice(-every)).toFixed(2)} ms (CPU main ${main.toFixed(2)} + others ${others.toFixed(2)})`;
      });
      console.log(`rounds ${round - warmup + 2 - every}-${round - warmup + 1} after ${warmup}: ${line.join('; ')}`);
    }
  }
  load.push(loadavg()[0]);
  const floor = median(servers.minimal.times);
  console.log(`${rounds} rounds after ${warmup}; ${identity ? 'identity' : 'default Accept-Encoding'}; load ${load.map((v) => v.toFixed(1)).join(' → ')}`);
  for (const [name, server] of Object.entries(servers)) {
    const after = threads(server.pid);
    const main = (after[server.pid] - server.before[server.pid]) / rounds;
    const others = Object.entries(after).filter(([tid]) => Number(tid) !== server.pid).map(([tid, ms]) => (ms - (server.before[tid] ?? 0)) / rounds).sort((a, b) => b - a);
    console.log(`${median(server.times).toFixed(2).padStart(7)} ms  ${(median(server.times) / floor).toFixed(2)}×  ${name.padEnd(12)} CPU/request main ${main.toFixed(2)} ms, other threads ${others.filter((ms) => ms > 0.005).map((ms) => ms.toFixed(2)).join(' + ')}`);
  }
} finally {
  for (const server of Object.values(servers)) await server.stop();
  await source.stop();
}
if (phasesDirectory) {
  console.log('phases (medians, ms): sent → reached the server → answer to the kernel → client has headers → client has body');
  for (const [name, server] of Object.entries(servers)) {
    const file = join(phasesDirectory, `${name}.json`);
    if (!existsSync(file) || !server.client) {
      console.log(`  ${name.padEnd(12)} no phases (its serve.mjs does not write them)`);
      continue;
    }
    // The server saw every request of this run, warm-up included: its last ones are the measured.
    const seen = JSON.parse(readFileSync(file, 'utf8')).slice(-server.client.length);
    const part = (pick) => median(server.client.map((client, index) => pick(client, seen[index]))).toFixed(3);
    console.log(`  ${name.padEnd(12)} ${part(([sent], [reached]) => reached - sent)} → ${part((_, [reached, finished]) => finished - reached)} → ${part(([, headed], [, finished]) => headed - finished)} → ${part(([, headed, done]) => done - headed)}  (whole ${part(([sent, , done]) => done - sent)})`);
  }
  rmSync(phasesDirectory, { recursive: true, force: true });
}
