import { Agent, request } from 'node:http';
import { articlePage } from './lib/synthetic.mjs';
import { autoFeedsYaml, slowestCorpusPage } from './lib/heavy-pages.mjs';
import { startServerProcess } from './lib/processes.mjs';
import { startSourceServer } from './lib/source-server.mjs';
import { formatMs, percentile } from './lib/stats.mjs';

/**
 * Benchmark 7: the server stays responsive while it extracts heavy pages. The full app (its own
 * process, extraction workers as in production: one per core) is asked at once for 20 cold feeds
 * of the corpus page that costs auto mode the most and one of a 3.6 MB page of 60,000 articles;
 * meanwhile one client asks `/api/v1/health/live` and another a cached feed, one request after
 * the other, until the heavy requests are answered. Goal: p99 of each < 50 ms. Row 7b, a
 * diagnostic, is the same app with extraction on its main thread (EXTRACTION_WORKERS=0), as
 * before the sixth round.
 */
export const GOAL_MS = 50;
const HEAVY_COPIES = 20;

function getter(port) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = (path) =>
    new Promise((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path, agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  // A server whose event loop was blocked past its keep-alive timeout closes the connection as it
  // wakes, possibly after the next request was sent: that request is sent again on a new
  // connection and its latency counts from the first attempt.
  return async (path) => {
    const started = performance.now();
    let resets = 0;
    for (;;) {
      try {
        const status = await once(path);
        return { status, ms: performance.now() - started, resets };
      } catch (error) {
        if (error.code !== 'ECONNRESET' || resets >= 3) throw error;
        resets += 1;
      }
    }
  };
}

/** Asks `path` over and over (one connection, closed loop) until `done()`; latencies in ms. */
async function probe(port, path, done) {
  const get = getter(port);
  const latencies = [];
  const statuses = new Map();
  let resets = 0;
  while (!done()) {
    const { status, ms, resets: again } = await get(path);
    resets += again;
    latencies.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  latencies.sort((left, right) => left - right);
  return { count: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.at(-1), resets, statuses: Object.fromEntries(statuses) };
}

async function heavyRound(port, round) {
  const heavyGet = (path) => fetch(`http://127.0.0.1:${port}${path}`).then(async (response) => ({ status: response.status, bytes: (await response.text()).length }));
  let finished = false;
  const started = performance.now();
  const heavy = Promise.all([
    ...Array.from({ length: HEAVY_COPIES }, (_, index) => heavyGet(`/api/v1/feeds/slow.rss?n=${round * 100 + index + 1}`)),
    heavyGet(`/api/v1/feeds/big.rss?n=${round + 1}`),
  ]).finally(() => {
    finished = true;
  });
  const [answers, live, cached] = await Promise.all([heavy, probe(port, '/api/v1/health/live', () => finished), probe(port, '/api/v1/feeds/slow.rss?n=0', () => finished)]);
  return { answers, live, cached, seconds: (performance.now() - started) / 1000 };
}

const trace = (message) => process.env.BENCH_TRACE && process.stderr.write(`[7] ${message}\n`);

export async function runServerLiveness({ quick = false } = {}) {
  const slowest = await slowestCorpusPage();
  trace(`slowest page ${slowest.name} ${formatMs(slowest.ms)}`);
  const slowSource = await startSourceServer({ body: slowest.body, ownProcess: true });
  const bigSource = await startSourceServer({ body: articlePage(60_000), ownProcess: true });
  const feedsYaml = autoFeedsYaml({ slow: `http://127.0.0.1:${slowSource.port}/page`, big: `http://127.0.0.1:${bigSource.port}/page` });
  const results = {};
  try {
    for (const [label, workers] of [['pool', undefined], ['main', 0]]) {
      const server = await startServerProcess({ mode: 'full', feedsYaml, logLevel: 'warn', rateLimitPerMinute: 0, workers, budgetMs: 120_000 });
      try {
        const primed = await fetch(`http://127.0.0.1:${server.port}/api/v1/feeds/slow.rss?n=0`);
        await primed.text();
        if (primed.status !== 200) throw new Error(`priming the cached feed: status ${primed.status}`);
        // A first heavy round warms the workers' code, as on a server that has been up a while.
        if (!quick) trace(`${label} warm-up ${(await heavyRound(server.port, 0)).seconds.toFixed(1)} s`);
        results[label] = await heavyRound(server.port, 1);
        trace(`${label} measured ${results[label].seconds.toFixed(1)} s`);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await slowSource.stop();
    await bigSource.stop();
  }
  const row = (id, name, result, goal) => {
    const worst = Math.max(result.live.p99, result.cached.p99);
    const statuses = result.answers.reduce((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});
    return {
      id,
      name,
      measured: `p99 live ${formatMs(result.live.p99)}, cached ${formatMs(result.cached.p99)}`,
      floor: `${GOAL_MS} ms`,
      ratio: worst / GOAL_MS,
      goal,
      note: `during ${result.seconds.toFixed(1)} s of extraction (${HEAVY_COPIES} × ${slowest.name}, ${Math.round(Buffer.byteLength(slowest.body) / 1024)} KiB, ${formatMs(slowest.ms)} of auto mode in process; 60,000 articles, 3.6 MB): live ${result.live.count} requests (p50 ${formatMs(result.live.p50)}, max ${formatMs(result.live.max)}), cached ${result.cached.count} (p50 ${formatMs(result.cached.p50)}, max ${formatMs(result.cached.max)}); heavy answers by status ${JSON.stringify(statuses)}${result.live.resets + result.cached.resets > 0 ? `; ${result.live.resets + result.cached.resets} probe requests sent again after the server closed a keep-alive connection` : ''}`,
    };
  };
  return {
    rows: [
      row('7', 'server responsive during heavy extraction (worker pool)', results.pool, { max: 1 }),
      row('7b', 'diagnostic: the same with extraction on the main thread', results.main, {}),
    ],
  };
}
