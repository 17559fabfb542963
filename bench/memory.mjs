import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatBytes, formatMs } from './lib/stats.mjs';

/**
 * Benchmark 5: memory, each figure from a fresh process (`probes/memory.mjs`).
 *   5a  peak RSS growth while the engine turns a 5 MB list page into RSS, versus bare parse.
 *   5b  RSS growth per cached feed with 10,000 feeds cached by the full app (memory driver),
 *       versus the bytes of the feed's three documents (rss + atom + json).
 */
const PROBE = fileURLToPath(new URL('./probes/memory.mjs', import.meta.url));
const run = promisify(execFile);

async function probe(mode, env = {}) {
  const { stdout } = await run(process.execPath, ['--expose-gc', PROBE, mode], {
    env: { ...process.env, ...env },
    maxBuffer: 1024 * 1024,
    timeout: 600_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop());
}

export async function runMemory({ quick = false } = {}) {
  const parse = await probe('parse');
  const engine = await probe('engine');
  const cache = await probe('cache', quick ? { PAGEFEED_BENCH_FEEDS: '1000' } : {});
  return {
    rows: [
      {
        id: '5a',
        name: `memory, ${formatBytes(engine.pageBytes)} list page → RSS (peak RSS growth)`,
        measured: formatBytes(engine.growth),
        floor: `${formatBytes(parse.growth)} parseDocument`,
        ratio: engine.growth / parse.growth,
        goal: {},
        note: `${engine.items} items, ${formatBytes(engine.outputBytes)} RSS out in ${formatMs(engine.elapsedMs)}; peak RSS ${formatBytes(engine.peak)}; live heap after: engine (feed + RSS) ${formatBytes(engine.liveHeap)}, parse (document) ${formatBytes(parse.liveHeap)}`,
      },
      {
        id: '5b',
        name: `memory, ${cache.feeds} cached feeds (RSS per feed)`,
        measured: `${formatBytes(cache.rssPerFeed)}/feed`,
        floor: `${formatBytes(cache.documentBytes)} rss+atom+json bytes`,
        ratio: cache.rssPerFeed / cache.documentBytes,
        goal: {},
        note: `${cache.itemsPerFeed} items per feed; heap ${formatBytes(cache.heapPerFeed)}/feed; RSS ${formatBytes(cache.rssAfter)} total; fill ${formatMs(cache.elapsedMs)}; re-read X-Cache ${cache.xCache}`,
      },
    ],
  };
}
