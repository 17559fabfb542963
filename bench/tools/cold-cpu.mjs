/**
 * Diagnostic for benchmark 8 on a loaded machine: CPU per cold feed, per thread and per process,
 * for one or more builds side by side. Wall-clock rates on a machine shared with other work measure
 * the scheduler's share; CPU per feed does not (much), so this reads it from /proc (Linux) and
 * derives what each build would reach on an idle 2-core machine.
 *
 *   node bench/tools/cold-cpu.mjs [--rounds 4] [--feeds 200] [--warmup 1] [label=/path/to/built/clone ...]
 *
 * Each label names a built checkout (its own `bench/servers/serve.mjs` and packages); without one,
 * this checkout. For every build, a server with one worker per core ("pool") and one with one
 * worker ("one") are started; bursts of `--feeds` new cold auto feeds, 16 at a time (benchmark 8's
 * load), alternate between all servers round by round (order rotated), after `--warmup` rounds (default one).
 *
 * Per feed: the server's main thread, its other threads (workers, V8 helpers), the loopback source
 * (its own process) and this load generator. The bound on an idle machine with C cores:
 * one worker ≤ min(1 / main, 1 / worker thread, C / all), pool ≤ min(1 / main, C / all), where `all`
 * counts the source and the load generator too (they share the cores in the benchmark); the
 * "server only" bound leaves them out (a source on another machine, readers elsewhere). The
 * other threads are split into the workers (the busiest threads) and the rest (V8's and libuv's
 * helper threads: GC, compilers). The last bound ("a main thread costing nothing") sets the main
 * thread's CPU per feed to zero in both servers and keeps the rest as measured: the most that any cut
 * of the main thread's work can give the ratio; the one after it moves all that work into the workers
 * instead (the pool's total unchanged, a lone worker slower). COLD_CPU_NODE_FLAGS passes Node flags to the servers,
 * COLD_CPU_V8_FLAGS V8 flags (set in the process, so the workers have them too).
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { autoFeedsYaml } from '../lib/heavy-pages.mjs';
import { readPage, readTruth } from '../lib/corpus.mjs';
import { startSourceServer } from '../lib/source-server.mjs';
import { createClient } from '../lib/http-client.mjs';

const CONFIG = 'feedless__03-telepolis-de';
const CONCURRENCY = 16;
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return Number(value);
};
const rounds = option('rounds', 4);
const feeds = option('feeds', 200);
// Warm-up rounds before the measured ones (default 1, as benchmark 8): each isolate's JIT keeps
// compiling for several hundred feeds, and a pool's workers each see only their share of them.
const warmupRounds = option('warmup', 1);
const here = fileURLToPath(new URL('../..', import.meta.url));
const builds = args.length > 0 ? args.map((arg) => { const [label, path] = arg.split('='); return { label, root: resolve(path) }; }) : [{ label: 'this', root: here }];

/** CPU ms of a process, its main thread (tid = pid) apart; `byName`: the other threads by thread id. */
function threadCpu(pid) {
  let main = 0;
  let others = 0;
  const byName = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // A thread that ended meanwhile.
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    if (Number(tid) === pid) main += ms;
    else {
      others += ms;
      byName[tid] = ms;
    }
  }
  return { main, others, byName };
}
const processCpu = (pid) => { const { main, others } = threadCpu(pid); return main + others; };
const selfCpu = () => { const usage = process.cpuUsage(); return (usage.user + usage.system) / 1000; };

function startServer(root, options) {
  // COLD_CPU_NODE_FLAGS: Node/V8 flags for the servers (e.g. --single-threaded-gc, to see what the helper threads do).
  const execArgv = process.env.COLD_CPU_NODE_FLAGS ? process.env.COLD_CPU_NODE_FLAGS.split(' ') : [];
  const child = fork(`${root}/bench/servers/serve.mjs`, [JSON.stringify(options)], { execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`server in ${root} exited with ${code}`)));
    child.once('message', ({ port }) => {
      child.removeAllListeners('exit');
      done({ port, pid: child.pid, stop: () => new Promise((ended) => { child.once('exit', ended); child.kill('SIGTERM'); }) });
    });
  });
}

// The load generator of benchmark 8 (node:http, keep-alive, answers drained undecoded).
const client = createClient();
async function burst(port, first, warmup = false) {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < feeds) {
      const n = first + next;
      next += 1;
      const response = await client.get(port, `/api/v1/feeds/cold.rss?n=${n}`);
      // A cold worker on a loaded machine can run past the feed's budget (504) while warming up.
      if (warmup) continue;
      if (response.status !== 200 || response.headers['x-cache'] !== 'miss') throw new Error(`feed ${n}: ${response.status} ${response.headers['x-cache']}`);
    }
  }));
}

const truth = readTruth(CONFIG);
const source = await startSourceServer({ body: readPage(truth.file), ownProcess: true });
const yaml = autoFeedsYaml({ cold: `http://127.0.0.1:${source.port}/page` });
const servers = [];
const load = [loadavg()[0]];
try {
  for (const build of builds) {
    for (const kind of ['pool', 'one']) {
      // COLD_CPU_V8_FLAGS: V8 flags for the whole server process, workers included (`serve.mjs` v8Flags).
      const v8Flags = process.env.COLD_CPU_V8_FLAGS ? { v8Flags: process.env.COLD_CPU_V8_FLAGS } : {};
      const server = await startServer(build.root, { mode: 'full', feedsYaml: yaml, logLevel: 'warn', rateLimitPerMinute: 0, ...v8Flags, ...(kind === 'one' ? { workers: 1 } : {}) });
      servers.push({ name: `${build.label} ${kind}`, kind, ...server, sum: { main: 0, others: 0, source: 0, client: 0, wall: 0, feeds: 0 } });
    }
  }
  let first = 1;
  for (let round = 1 - warmupRounds; round <= rounds; round += 1) {
    for (let index = 0; index < servers.length; index += 1) {
      const server = servers[(((index + round) % servers.length) + servers.length) % servers.length];
      const before = { ...threadCpu(server.pid), source: processCpu(source.pid), client: selfCpu(), wall: performance.now() };
      await burst(server.port, first, round <= 0);
      first += feeds;
      const after = { ...threadCpu(server.pid), source: processCpu(source.pid), client: selfCpu(), wall: performance.now() };
      if (round <= 0) continue; // Warm-up.
      for (const key of ['main', 'others', 'source', 'client', 'wall']) server.sum[key] += after[key] - before[key];
      server.sum.byName ??= {};
      for (const [name, ms] of Object.entries(after.byName)) server.sum.byName[name] = (server.sum.byName[name] ?? 0) + ms - (before.byName[name] ?? 0);
      server.sum.feeds += feeds;
    }
    load.push(loadavg()[0]);
  }
  const cores = availableParallelism();
  const bound = {};
  console.log(`CPU ms per cold feed (${rounds} rounds of ${feeds} feeds, ${CONCURRENCY} at a time; load average ${load.map((value) => value.toFixed(1)).join(' → ')}):`);
  console.log('server                 main  others  source  client   cores  idle-machine bound (feeds/s: all / server only)');
  for (const server of servers) {
    const per = Object.fromEntries(['main', 'others', 'source', 'client'].map((key) => [key, server.sum[key] / server.sum.feeds]));
    const all = per.main + per.others + per.source + per.client;
    const serverOnly = per.main + per.others;
    // All threads are called "node": the workers are the busiest (one per worker), the rest V8's and libuv's helpers.
    const busiest = Object.values(server.sum.byName).sort((a, b) => b - a);
    const workerCount = server.kind === 'one' ? 1 : cores;
    const workerMs = busiest.slice(0, workerCount).map((ms) => ms / server.sum.feeds);
    const helpersMs = busiest.slice(workerCount).reduce((a, b) => a + b, 0) / server.sum.feeds;
    const names = `workers ${workerMs.map((ms) => ms.toFixed(2)).join(' + ')}, helpers ${helpersMs.toFixed(2)}`;
    // A thread does one feed's share at a time: one worker is bound by its own thread's CPU per feed
    // (the helpers run beside it), every server by its main thread and by the cores for all the CPU.
    const limits = server.kind === 'one' ? [1 / per.main, 1 / workerMs[0]] : [1 / per.main];
    const rate = (total) => Math.min(...limits, cores / total) * 1000;
    // The same bound if the main thread cost nothing per feed (all its work gone or moved nowhere):
    // what cutting the main thread can give at most, with the workers, helpers and harness as measured.
    const freeLimits = server.kind === 'one' ? [1 / workerMs[0]] : [];
    const mainFree = Math.min(...freeLimits, cores / (all - per.main)) * 1000;
    // And if all of it ran in the worker instead (e.g. the source fetch there): the pool's total is
    // unchanged, a lone worker's thread carries it too.
    const movedLimits = server.kind === 'one' ? [1 / (workerMs[0] + per.main)] : [];
    const mainMoved = Math.min(...movedLimits, cores / all) * 1000;
    bound[server.name] = { all: rate(all), server: rate(serverOnly), mainFree, mainMoved };
    const coresUsed = (server.sum.main + server.sum.others) / server.sum.wall;
    console.log(`${server.name.padEnd(20)} ${per.main.toFixed(2).padStart(6)} ${per.others.toFixed(2).padStart(7)} ${per.source.toFixed(2).padStart(7)} ${per.client.toFixed(2).padStart(7)} ${coresUsed.toFixed(2).padStart(7)}  ${bound[server.name].all.toFixed(0)} / ${bound[server.name].server.toFixed(0)}   (other threads: ${names})`);
  }
  for (const build of builds) {
    const pool = bound[`${build.label} pool`];
    const one = bound[`${build.label} one`];
    console.log(`${build.label}: bound pool / one worker ${(pool.all / one.all).toFixed(2)}× (bench processes on the same cores), ${(pool.server / one.server).toFixed(2)}× (server only), ${(pool.mainFree / one.mainFree).toFixed(2)}× (same cores, the main thread's work gone), ${(pool.mainMoved / one.mainMoved).toFixed(2)}× (same cores, all of it moved into the workers)`);
  }
} finally {
  client.close();
  for (const server of servers) await server.stop();
  await source.stop();
}
