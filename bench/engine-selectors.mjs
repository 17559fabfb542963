import { loadFeedConfig } from '@pagefeed/core';
import { fetchResult, readPage, readTruth, selectorConfigs } from './lib/corpus.mjs';
import { createBenchEngine } from './lib/engine.mjs';
import { startParseFloor } from './lib/floor-process.mjs';
import { formatMs, pairedMedians, sum } from './lib/stats.mjs';

/**
 * Benchmark 1: selectors mode. For each list page with a config in bench/configs/:
 * `engine.generate(config, { source })` + `engine.render(feed, 'rss')` versus bare
 * `htmlparser2.parseDocument` of the same string, run in a process of its own
 * (`servers/parse-floor.mjs`: in this one it shared htmlparser2's code with the engine's parse,
 * and each slowed the other). Ratio = sum of per-page medians.
 */
export const GOAL = 1.5;

export async function runEngineSelectors({ quick = false } = {}) {
  const engine = createBenchEngine();
  const floor = startParseFloor();
  const pages = [];
  try {
    for (const { name, yaml } of selectorConfigs()) {
      const truth = readTruth(name);
      const config = loadFeedConfig(yaml, { source: `bench/configs/${name}.yml`, env: {} });
      const body = readPage(truth.file);
      const first = await engine.generate(config, { source: fetchResult(body, truth.url) });
      const items = first.feed.items.length;
      // A new FetchResult per call, as after a real fetch: core remembers results it found clean.
      const subject = async () => {
        const { feed } = await engine.generate(config, { source: fetchResult(body, truth.url) });
        engine.render(feed, 'rss');
      };
      await floor.load(name, body);
      // Batches of 100 ms: with 20 ms ones, the engine's time per call moved between 11 and 14.5 ms
      // from one run to the next (the floor's stayed within 7.3-7.7): each switch between the two
      // processes leaves the next batch to start on caches the other one filled, and the engine,
      // with more code and data, paid more for it. Longer batches spread that over more calls.
      const { subjectMs, floorMs } = await pairedMedians(subject, (repetitions) => floor.batch(name, repetitions), { warmup: quick ? 2 : 5, rounds: quick ? 5 : 15, batchMs: 100 });
      pages.push({ name, bytes: Buffer.byteLength(body), items, expected: truth.expected_count, subjectMs, floorMs });
    }
  } finally {
    await floor.stop();
  }
  const subjectMs = sum(pages.map((page) => page.subjectMs));
  const floorMs = sum(pages.map((page) => page.floorMs));
  const mismatched = pages.filter((page) => page.items !== page.expected);
  return {
    rows: [{
      id: '1',
      name: `engine, selectors mode (${pages.length} list pages → RSS)`,
      measured: formatMs(subjectMs),
      floor: `${formatMs(floorMs)} parseDocument`,
      ratio: subjectMs / floorMs,
      goal: { max: GOAL },
      note: mismatched.length > 0
        ? `item counts differ from truth: ${mismatched.map((page) => `${page.name} ${page.items}/${page.expected}`).join(', ')}`
        : 'item counts match truth',
    }],
    details: pages.map((page) => ({
      page: page.name,
      kb: Math.round(page.bytes / 1024),
      items: `${page.items}/${page.expected}`,
      engine: formatMs(page.subjectMs),
      parse: formatMs(page.floorMs),
      ratio: (page.subjectMs / page.floorMs).toFixed(2),
    })),
  };
}
