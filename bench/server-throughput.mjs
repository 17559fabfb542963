import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { autoFeedsYaml } from './lib/heavy-pages.mjs';
import { readPage, readTruth } from './lib/corpus.mjs';
import { startServerProcess } from './lib/processes.mjs';
import { startSourceServer } from './lib/source-server.mjs';
import { createClient } from './lib/http-client.mjs';
import { median } from './lib/stats.mjs';

/**
 * Benchmark 8: cold generation on every core. 200 distinct auto-source feeds (what POST /feeds
 * creates; a new parameter value each) of a corpus list page from a loopback source, asked 16 at
 * a time, through the full app with its extraction pool (one worker per core) against the same
 * build with one worker. Ratio = feeds per second with the pool / with one worker, median of
 * paired rounds (each round a fresh set of 200 feeds for each server, servers alternating) after
 * warm-up rounds (`WARMUP_ROUNDS`). Goal ≥ 1.7 on 2 cores.
 *
 * The note gives each server's CPU per feed on its main thread and on its other threads (workers,
 * V8's helpers), from /proc: the main thread's share (HTTP both ways, the source fetch, cache)
 * bounds what more workers can give, since with one worker the main thread already runs beside it
 * on the second core.
 */
export const GOAL = 1.7;
/** BENCH_WORKER_NICENESS=n (read by servers/serve.mjs) runs the workers at nice +n (default +10). */
const NICENESS = process.env.BENCH_WORKER_NICENESS;
const CONFIG = 'feedless__03-telepolis-de';
const FEEDS = 200;
/**
 * Rounds of 200 feeds per server before the measured ones (not counted). Each worker is an isolate
 * that compiles the engine for itself, and V8 keeps compiling for about 2,500 generations of this
 * page (in one process: 652 TurboFan jobs in the first 500, then 104, 82, 32, 36, 8 per 500); a
 * pool's workers each see half the feeds, so with one warm-up round the row measured servers still
 * compiling, the pool more than one worker (BENCHMARKS.md §7, eleventh session). Twelve rounds give
 * each pool worker about 1,200 feeds first. BENCH_THROUGHPUT_WARMUP=n sets another count (1: the row
 * before the eleventh session); `quick` runs one.
 */
const WARMUP_ROUNDS = process.env.BENCH_THROUGHPUT_WARMUP === undefined ? 12 : Math.max(0, Number(process.env.BENCH_THROUGHPUT_WARMUP));
const CONCURRENCY = 16;

/** CPU ms of a process's threads, main thread (tid = pid) apart, the others also by id (Linux; undefined elsewhere). */
function threadCpu(pid) {
  try {
    let main = 0;
    let others = 0;
    const byTid = {};
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * 10;
      if (Number(tid) === pid) main += ms;
      else {
        others += ms;
        byTid[tid] = ms;
      }
    }
    return { main, others, byTid };
  } catch {
    return undefined;
  }
}

/** CPU ms of this process (the load generator). */
function ownCpu() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU ms of a whole process (the source). */
function processCpu(pid) {
  const threads = threadCpu(pid);
  return threads ? threads.main + threads.others : undefined;
}

async function burst(client, port, first) {
  let next = 0;
  const failures = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < FEEDS) {
      const n = first + next;
      next += 1;
      const response = await client.get(port, `/api/v1/feeds/cold.rss?n=${n}`);
      if (response.status !== 200 || response.headers['x-cache'] !== 'miss') failures.push(`${response.status} ${response.headers['x-cache']}`);
    }
  }));
  if (failures.length > 0) throw new Error(`${failures.length} of ${FEEDS} cold requests failed or were not misses: ${failures.slice(0, 3).join(', ')}`);
  return (FEEDS / (performance.now() - started)) * 1000;
}

/**
 * What this CPU per feed allows on an idle machine with these cores (the pool bound by
 * all its CPU and the benchmark's on the cores, one worker also by its worker thread), and the same
 * with the main thread's CPU per feed taken as zero in both: the most any cut of the main thread's
 * work can give the ratio, the workers, helpers and harness as measured (BENCHMARKS.md §7, eleventh
 * session). Empty without /proc figures.
 */
function boundsOf(cpu, bench, cores) {
  if (cpu.pool.feeds === 0 || cpu.one.feeds === 0 || bench.feeds === 0) return '';
  const harness = (bench.source + bench.client) / bench.feeds;
  const perFeed = (name) => ({ main: cpu[name].main / cpu[name].feeds, others: cpu[name].others / cpu[name].feeds });
  const pool = perFeed('pool');
  const one = perFeed('one');
  const oneWorker = Math.max(...Object.values(cpu.one.byTid)) / cpu.one.feeds;
  const ratio = (mainShare) => {
    // A thread does one feed's share at a time: every server is also bound by its main thread.
    const mainLimit = (perFeedMain) => (mainShare > 0 ? 1 / perFeedMain : Infinity);
    const poolRate = Math.min(cores / (mainShare * pool.main + pool.others + harness), mainLimit(pool.main));
    const oneRate = Math.min(1 / oneWorker, cores / (mainShare * one.main + one.others + harness), mainLimit(one.main));
    return (poolRate / oneRate).toFixed(2);
  };
  return `; idle-machine bound from this CPU: ${ratio(1)}×, ${ratio(0)}× with a main thread costing nothing`;
}

export async function runServerThroughput({ quick = false } = {}) {
  const truth = readTruth(CONFIG);
  const source = await startSourceServer({ body: readPage(truth.file), ownProcess: true });
  const yaml = autoFeedsYaml({ cold: `http://127.0.0.1:${source.port}/page` });
  const servers = {};
  // The load generator: node:http with keep-alive, answers drained undecoded (`lib/http-client.mjs`).
  const client = createClient();
  try {
    servers.pool = { ...(await startServerProcess({ mode: 'full', feedsYaml: yaml, logLevel: 'warn', rateLimitPerMinute: 0 })), workers: availableParallelism() };
    servers.one = await startServerProcess({ mode: 'full', feedsYaml: yaml, logLevel: 'warn', rateLimitPerMinute: 0, workers: 1 });
    const rounds = quick ? 1 : 3;
    const warmupRounds = quick ? 1 : WARMUP_ROUNDS;
    const rates = { pool: [], one: [] };
    const cpu = { pool: { main: 0, others: 0, feeds: 0, wallMs: 0, byTid: {} }, one: { main: 0, others: 0, feeds: 0, wallMs: 0, byTid: {} } };
    // The benchmark's own processes share the cores: the source (its own process) and this one.
    const bench = { source: 0, client: 0, feeds: 0 };
    let first = 1;
    // Rounds up to 0 warm both servers (not counted).
    for (let round = 1 - warmupRounds; round <= rounds; round += 1) {
      for (const name of Math.abs(round) % 2 === 0 ? ['pool', 'one'] : ['one', 'pool']) {
        const before = threadCpu(servers[name].pid);
        const benchBefore = { source: processCpu(source.pid), client: ownCpu() };
        const rate = await burst(client, servers[name].port, first);
        const after = threadCpu(servers[name].pid);
        const benchAfter = { source: processCpu(source.pid), client: ownCpu() };
        first += FEEDS;
        if (round <= 0) continue;
        rates[name].push(rate);
        if (before && after) {
          cpu[name].main += after.main - before.main;
          cpu[name].others += after.others - before.others;
          for (const [tid, ms] of Object.entries(after.byTid)) cpu[name].byTid[tid] = (cpu[name].byTid[tid] ?? 0) + ms - (before.byTid[tid] ?? 0);
          cpu[name].feeds += FEEDS;
          cpu[name].wallMs += (FEEDS / rate) * 1000;
        }
        if (benchBefore.source !== undefined && benchAfter.source !== undefined) {
          bench.source += benchAfter.source - benchBefore.source;
          bench.client += benchAfter.client - benchBefore.client;
          bench.feeds += FEEDS;
        }
      }
    }
    const pool = median(rates.pool);
    const one = median(rates.one);
    const { hits } = await source.counts();
    // Cores the server process used while its bursts ran: on an idle 2-core machine the pool can use
    // up to 2; on a shared one the scheduler's share for the process bounds both servers alike.
    const cores = (name) => (cpu[name].wallMs > 0 ? ((cpu[name].main + cpu[name].others) / cpu[name].wallMs).toFixed(2) : 'n/a');
    const benchText = bench.feeds > 0 ? `; the benchmark's own CPU per feed: source ${(bench.source / bench.feeds).toFixed(2)} ms, load generator ${(bench.client / bench.feeds).toFixed(2)} ms` : '';
    // The other threads all read "node": the workers are the busiest (one per worker), the rest V8's
    // helpers (mostly TurboFan compiling, one isolate's code per worker, and concurrent GC) and libuv's.
    const perFeed = (name) => {
      const { feeds } = cpu[name];
      if (feeds === 0) return 'n/a';
      const busiest = Object.values(cpu[name].byTid).sort((a, b) => b - a);
      const workerCount = name === 'one' ? 1 : servers.pool.workers;
      const workers = busiest.slice(0, workerCount).map((ms) => (ms / feeds).toFixed(1));
      const helpers = busiest.slice(workerCount).reduce((sum, ms) => sum + ms, 0) / feeds;
      return `main thread ${(cpu[name].main / feeds).toFixed(1)} ms + other threads ${(cpu[name].others / feeds).toFixed(1)} ms (workers ${workers.join(' + ')}, helpers ${helpers.toFixed(1)})`;
    };
    const bounds = boundsOf(cpu, bench, availableParallelism());
    return {
      rows: [{
        id: '8',
        name: `server, ${FEEDS} cold auto feeds: worker pool vs one worker`,
        measured: `${pool.toFixed(1)} feeds/s (pool)`,
        floor: `${one.toFixed(1)} feeds/s (1 worker)`,
        ratio: pool / one,
        goal: { min: GOAL },
        note: `${NICENESS === undefined ? '' : `workers at nice +${NICENESS}; `}${CONCURRENCY} requests at a time, each a new feed of ${CONFIG} (${Math.round(Buffer.byteLength(readPage(truth.file)) / 1024)} KiB) from a loopback source in its own process; medians of ${rounds} paired rounds after ${warmupRounds} warm-up round${warmupRounds === 1 ? '' : 's'}; pool per round ${rates.pool.map((rate) => rate.toFixed(1)).join(', ')}, one worker ${rates.one.map((rate) => rate.toFixed(1)).join(', ')} feeds/s; CPU per feed: pool ${perFeed('pool')}, one worker ${perFeed('one')}; cores used during the bursts: pool ${cores('pool')}, one worker ${cores('one')} (of ${availableParallelism()})${benchText}${bounds}; ${hits} source hits`,
      }],
    };
  } finally {
    client.close();
    for (const server of Object.values(servers)) await server.stop();
    await source.stop();
  }
}
