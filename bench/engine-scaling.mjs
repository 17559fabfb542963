import { loadFeedConfig } from '@pagefeed/core';
import { articlePage, ARTICLE_SELECTORS_YAML, LIST_SELECTORS_YAML, listPage } from './lib/synthetic.mjs';
import { fetchResult } from './lib/corpus.mjs';
import { createBenchEngine } from './lib/engine.mjs';
import { startParseFloor } from './lib/floor-process.mjs';
import { formatMs, pairedMedians } from './lib/stats.mjs';

/**
 * Benchmark 6: how the engine's cost grows with the page. Pages of 1,000, 10,000 and 60,000
 * sibling `<article>` items (60 KB, 640 KB, 3.6 MB) and a 5 MB list page whose items have a
 * heading link, a date and a teaser paragraph, in auto mode and in selectors mode, each against
 * `parseDocument` of the same bytes in a process of its own (as benchmarks 1 and 2). The goal is
 * on growth: the engine's CPU per KB on a page, divided by its CPU per KB on the 60 KB page of the
 * same mode, at most 2 (linear time). The ratio to parseDocument is in the note.
 */
export const GOAL = 2;
const URL = 'https://example.com/list/';

function config(mode, selectorsYaml) {
  if (mode === 'auto') return { strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {}, channel: { url: URL }, auto_source: { enabled: true } };
  return loadFeedConfig(`channel:\n  url: "${URL}"\n  title: Scaling\n${selectorsYaml}`, { env: {} });
}

export function scalingPages() {
  return [
    { name: '1k articles', body: articlePage(1_000), selectors: ARTICLE_SELECTORS_YAML },
    { name: '10k articles', body: articlePage(10_000), selectors: ARTICLE_SELECTORS_YAML },
    { name: '60k articles', body: articlePage(60_000), selectors: ARTICLE_SELECTORS_YAML },
    { name: '5 MB list', body: listPage({ bytes: 5 * 1024 * 1024 }), selectors: LIST_SELECTORS_YAML },
  ];
}

export async function runEngineScaling({ quick = false } = {}) {
  const engines = { auto: createBenchEngine({ auto: true }), selectors: createBenchEngine() };
  const floor = startParseFloor();
  const results = [];
  try {
    for (const page of scalingPages()) {
      await floor.load(page.name, page.body);
      const kb = Buffer.byteLength(page.body) / 1024;
      const small = kb < 100;
      for (const mode of ['selectors', 'auto']) {
        const engine = engines[mode];
        const feedConfig = config(mode, page.selectors);
        let items = 0;
        const subject = async () => {
          // A new FetchResult per call, as after a real fetch: core remembers results it found clean.
          const { feed } = await engine.generate(feedConfig, { source: fetchResult(page.body, URL) });
          engine.render(feed, 'rss');
          items = feed.items.length;
        };
        const { subjectMs, floorMs } = await pairedMedians(subject, (repetitions) => floor.batch(page.name, repetitions), {
          warmup: small ? (quick ? 3 : 10) : 1,
          rounds: small ? (quick ? 3 : 9) : quick ? 1 : 2,
          batchMs: 100,
        });
        results.push({ page: page.name, mode, kb, items, subjectMs, floorMs });
      }
    }
  } finally {
    await floor.stop();
  }
  const rows = [];
  for (const mode of ['selectors', 'auto']) {
    const base = results.find((result) => result.mode === mode);
    for (const result of results.filter((entry) => entry.mode === mode && entry !== base)) {
      const growth = result.subjectMs / result.kb / (base.subjectMs / base.kb);
      rows.push({
        id: '6',
        name: `engine scaling, ${mode}, ${result.page} (${formatKb(result.kb)})`,
        measured: `${(result.subjectMs / result.kb).toFixed(3)} ms/KB`,
        floor: `${(base.subjectMs / base.kb).toFixed(3)} ms/KB at ${formatKb(base.kb)}`,
        ratio: growth,
        goal: { max: GOAL },
        note: `${formatMs(result.subjectMs)}, ${result.items} items; ${(result.subjectMs / result.floorMs).toFixed(2)}× parseDocument of the same bytes (${formatMs(result.floorMs)}; ${(base.subjectMs / base.floorMs).toFixed(2)}× at ${formatKb(base.kb)})`,
      });
    }
  }
  return {
    rows,
    details: results.map((result) => ({ page: result.page, mode: result.mode, kb: Math.round(result.kb), items: result.items, engine: formatMs(result.subjectMs), parse: formatMs(result.floorMs), ratio: (result.subjectMs / result.floorMs).toFixed(2) })),
  };
}

function formatKb(kb) {
  return kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${Math.round(kb)} KB`;
}
