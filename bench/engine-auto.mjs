import { corpusPages, fetchResult } from './lib/corpus.mjs';
import { createBenchEngine } from './lib/engine.mjs';
import { startParseFloor } from './lib/floor-process.mjs';
import { formatMs, median, sum, timeOnce } from './lib/stats.mjs';

/**
 * Benchmark 2: auto mode over every page of the public corpus (`auto_source: true`, rendered to
 * RSS), versus bare `htmlparser2.parseDocument` of the same string (`JSON.parse` for the JSON page,
 * the floor for a JSON source), run in a process of its own as in benchmark 1. Errors (blocked pages, app shells, single articles) are expected
 * answers: they are timed like results and counted by code.
 */
export const GOAL = 4;

function configFor(page) {
  return {
    strategy: 'plain',
    headers: {},
    stylesheets: [],
    request: {},
    parameters: {},
    channel: { url: page.url },
    auto_source: { enabled: true },
  };
}

export async function runEngineAuto({ quick = false } = {}) {
  const engine = createBenchEngine({ auto: true });
  const pages = corpusPages().map((page) => ({ ...page, config: configFor(page) }));
  const outcomes = new Map();
  const generate = async (page) => {
    try {
      // A new FetchResult per call, as after a real fetch: core remembers results it found clean.
      const { feed } = await engine.generate(page.config, { source: fetchResult(page.body, page.url, page.contentType) });
      engine.render(feed, 'rss');
      return 'feed';
    } catch (error) {
      return `error ${error?.code ?? error?.name ?? 'unknown'}`;
    }
  };
  const floor = startParseFloor();
  const warmup = quick ? 1 : 2;
  const rounds = quick ? 3 : 7;
  const subjectTimes = pages.map(() => []);
  const floorTimes = pages.map(() => []);
  try {
    for (const page of pages) await floor.load(page.name, page.body, { json: page.contentType === 'application/json' });
    for (let round = 0; round < warmup + rounds; round += 1) {
      // Whole-corpus rounds, page by page alternating subject and floor, so noise hits both alike.
      for (const [index, page] of pages.entries()) {
        const floorMs = await floor.batch(page.name, 1);
        let outcome;
        const subjectMs = await timeOnce(async () => {
          outcome = await generate(page);
        });
        if (round === 0) outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        if (round < warmup) continue;
        floorTimes[index].push(floorMs);
        subjectTimes[index].push(subjectMs);
      }
    }
  } finally {
    await floor.stop();
  }
  const perPage = pages.map((page, index) => ({ name: page.name, subjectMs: median(subjectTimes[index]), floorMs: median(floorTimes[index]) }));
  const subjectMs = sum(perPage.map((page) => page.subjectMs));
  const floorMs = sum(perPage.map((page) => page.floorMs));
  const counted = [...outcomes].sort(([left], [right]) => left.localeCompare(right)).map(([outcome, count]) => `${count} ${outcome}`).join(', ');
  const slowest = [...perPage].sort((left, right) => right.subjectMs / right.floorMs - left.subjectMs / left.floorMs).slice(0, 5);
  return {
    rows: [{
      id: '2',
      name: `engine, auto mode (${pages.length} corpus pages)`,
      measured: formatMs(subjectMs),
      floor: `${formatMs(floorMs)} parseDocument`,
      ratio: subjectMs / floorMs,
      goal: { max: GOAL },
      note: counted,
    }],
    details: perPage.map((page) => ({ page: page.name, auto: formatMs(page.subjectMs), parse: formatMs(page.floorMs), ratio: (page.subjectMs / page.floorMs).toFixed(2) })),
    slowest: slowest.map((page) => `${page.name} ${(page.subjectMs / page.floorMs).toFixed(1)}×`),
  };
}
