import { loadFeedConfig } from '@pagefeed/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_DIR, fetchResult, readPage, readTruth } from './lib/corpus.mjs';
import { createBenchEngine } from './lib/engine.mjs';
import { feedsYaml } from './lib/feeds.mjs';
import { startServerProcess } from './lib/processes.mjs';
import { startSourceServer } from './lib/source-server.mjs';
import { formatMs, median, timeWall } from './lib/stats.mjs';

/**
 * Benchmark 4: cold generation through the full app with a local source. Every request names a
 * new parameter value, so each is a cache miss: fetch from the loopback source, generate, render
 * the three formats, store, answer. Floor = the source's own response time (fetched directly)
 * plus the engine's time for the same page (generate + render rss, atom and json in this process).
 */
export const GOAL = 1.1;
const CONFIG = 'feedless__03-telepolis-de';
const FORMATS = ['rss', 'atom', 'json'];

export async function runServerCold({ quick = false } = {}) {
  const truth = readTruth(CONFIG);
  const body = readPage(truth.file);
  const source = await startSourceServer({ body });
  const pageUrl = `http://127.0.0.1:${source.port}/page`;
  const server = await startServerProcess({
    mode: 'full',
    feedsYaml: feedsYaml({ name: 'cold', config: CONFIG, url: `${pageUrl}?n=%<n>s`, parameter: 'n' }),
    logLevel: 'info',
    rateLimitPerMinute: 1_000_000_000,
  });
  try {
    const engine = createBenchEngine();
    const config = loadFeedConfig(readFileSync(join(CONFIG_DIR, `${CONFIG}.yml`), 'utf8'), { env: {} });
    let counter = 0;
    const sourceOnce = async () => {
      const response = await fetch(`${pageUrl}?n=direct`);
      await response.text();
    };
    const engineOnce = async () => {
      const { feed } = await engine.generate(config, { source: fetchResult(body, `${pageUrl}?n=engine`) });
      for (const format of FORMATS) engine.render(feed, format);
    };
    const coldOnce = async () => {
      counter += 1;
      const response = await fetch(`http://127.0.0.1:${server.port}/api/v1/feeds/cold.rss?n=${counter}`);
      const text = await response.text();
      if (response.status !== 200 || response.headers.get('x-cache') !== 'miss') {
        throw new Error(`cold request ${counter}: status ${response.status}, X-Cache ${response.headers.get('x-cache')}: ${text.slice(0, 300)}`);
      }
    };
    const warmup = quick ? 3 : 10;
    const rounds = quick ? 7 : 25;
    const times = { source: [], engine: [], cold: [] };
    for (let round = 0; round < warmup + rounds; round += 1) {
      const sourceMs = await timeWall(sourceOnce);
      const engineMs = await timeWall(engineOnce);
      const coldMs = await timeWall(coldOnce);
      if (round < warmup) continue;
      times.source.push(sourceMs);
      times.engine.push(engineMs);
      times.cold.push(coldMs);
    }
    const sourceMs = median(times.source);
    const engineMs = median(times.engine);
    const coldMs = median(times.cold);
    const floorMs = sourceMs + engineMs;
    return {
      rows: [{
        id: '4',
        name: 'server, cold generation (local source)',
        measured: formatMs(coldMs),
        floor: `${formatMs(floorMs)} = source ${formatMs(sourceMs)} + engine ${formatMs(engineMs)}`,
        ratio: coldMs / floorMs,
        goal: { max: GOAL },
        note: `overhead ${formatMs(coldMs - floorMs)} (${((coldMs / floorMs - 1) * 100).toFixed(0)}%); ${Math.round(Buffer.byteLength(body) / 1024)} KiB page, 3 formats rendered per miss; ${source.hits} source hits over ${source.connections} TCP connections (direct fetches included)`,
      }],
    };
  } finally {
    await server.stop();
    await source.stop();
  }
}
