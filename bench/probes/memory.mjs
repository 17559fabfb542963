/**
 * Memory probe, one measurement per fresh process (`node --expose-gc probes/memory.mjs <mode>`);
 * prints one JSON line. Modes:
 *   parse      peak RSS over baseline while htmlparser2 parses a 5 MB list page (the floor), and
 *              the heap the document keeps alive
 *   engine     the same while the engine turns that page into RSS (live: the feed and its RSS)
 *   cache      RSS and heap growth with 10,000 feeds cached by the full app (memory driver)
 */
import { parseDocument } from 'htmlparser2';
import { fetchResult } from '../lib/corpus.mjs';
import { LIST_SELECTORS_YAML, listPage } from '../lib/synthetic.mjs';

const mode = process.argv[2];
const PAGE_BYTES = 5 * 1024 * 1024;
const FEEDS = Number(process.env.PAGEFEED_BENCH_FEEDS ?? 10_000);
const ITEMS_PER_FEED = 10;

function settle() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage();
}

const peakRss = () => process.resourceUsage().maxRSS * 1024;

async function engineConfig(url) {
  const { loadFeedConfig } = await import('@pagefeed/core');
  return loadFeedConfig(`channel:\n  url: "${url}"\n  title: Long list\n${LIST_SELECTORS_YAML}`, { env: {} });
}

async function parseOrEngine() {
  const { createBenchEngine } = await import('../lib/engine.mjs');
  const engine = createBenchEngine();
  const url = 'https://example.com/list';
  const config = await engineConfig(url);
  // Warm up on a small page so compiled code is part of the baseline, not the peak.
  const small = fetchResult(listPage({ items: 50 }), url);
  for (let round = 0; round < 3; round += 1) {
    parseDocument(small.body);
    engine.render((await engine.generate(config, { source: small })).feed, 'rss');
  }
  const page = listPage({ bytes: PAGE_BYTES });
  const settled = settle();
  const baseline = settled.rss;
  const peakBefore = peakRss();
  const started = performance.now();
  // Held until after the live-heap measurement: what the work leaves alive, not its garbage.
  let kept;
  let items = 0;
  let outputBytes = 0;
  if (mode === 'parse') {
    kept = parseDocument(page);
    items = kept.children.length;
  } else {
    const { feed } = await engine.generate(config, { source: fetchResult(page, url) });
    kept = { feed, rss: engine.render(feed, 'rss') };
    items = feed.items.length;
    outputBytes = Buffer.byteLength(kept.rss);
  }
  const elapsedMs = performance.now() - started;
  const peak = peakRss();
  const liveHeap = settle().heapUsed - settled.heapUsed;
  return { mode, pageBytes: Buffer.byteLength(page), baseline, peak, peakBefore, growth: peak - baseline, liveHeap, items: kept ? items : 0, outputBytes, elapsedMs };
}

async function cachedFeeds() {
  const { createEngine, loadFeedsFile } = await import('@pagefeed/core');
  const { createMemoryCache, createSingleFlight } = await import('@pagefeed/fetchers');
  const { createPagefeedApp } = await import('@pagefeed/server');
  // Each feed is its own page (the parameter changes every title and link): 10 items, text summaries.
  const strategy = {
    name: 'plain',
    fetch: (request) => Promise.resolve(fetchResult(listPage({ items: ITEMS_PER_FEED, variant: Number(new URL(request.url).searchParams.get('n')) }), request.url)),
  };
  const indented = LIST_SELECTORS_YAML.replace('    extractor: html\n', '').split('\n').map((line) => (line ? `    ${line}` : line)).join('\n');
  const feeds = loadFeedsFile(`feeds:\n  mem:\n    parameters:\n      n:\n        default: "0"\n        pattern: "[0-9]+"\n    channel:\n      url: "https://example.com/list?n=%<n>s"\n      title: Memory\n${indented}`, { env: {} });
  // Limits raised so all feeds stay cached (the defaults keep 5000 entries / 64 MiB); besides the
  // feed, the cache holds each source's validators and a short-lived single-flight result.
  const cache = createMemoryCache({ maxEntries: FEEDS * 10, maxBytes: 4 * 1024 * 1024 * 1024 });
  const engine = createEngine({ strategies: { plain: strategy }, cache });
  const { app } = createPagefeedApp({
    engine,
    feeds,
    cache,
    singleFlight: createSingleFlight({ cache }),
    settings: {
      environment: 'production', version: 'bench', secretKey: 'bench-secret-key-bench-secret-key-0123456789', accessToken: undefined,
      healthCheckToken: undefined, metricsToken: undefined, autoSourceEnabled: true, bodyLimitBytes: 65536, rateLimitPerMinute: 0,
      strategies: ['plain'], rendererConfigured: false,
    },
  });
  const get = async (path) => {
    const response = await app.request(`http://bench.local${path}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.text();
  };
  // Warm up with feeds that are then part of the count's baseline.
  for (let index = 0; index < 20; index += 1) await get(`/api/v1/feeds/mem.rss?n=${FEEDS + index}`);
  const documentBytes = (await Promise.all(['rss', 'atom', 'json'].map((format) => get(`/api/v1/feeds/mem.${format}?n=${FEEDS}`)))).reduce((total, text) => total + Buffer.byteLength(text), 0);
  const before = settle();
  const started = performance.now();
  for (let index = 0; index < FEEDS; index += 1) await get(`/api/v1/feeds/mem.rss?n=${index}`);
  const elapsedMs = performance.now() - started;
  const after = settle();
  // Every one of them must still be cached: a second pass answers from the cache.
  const check = await app.request(`http://bench.local/api/v1/feeds/mem.rss?n=0`);
  return {
    mode, feeds: FEEDS, itemsPerFeed: ITEMS_PER_FEED, documentBytes, elapsedMs, xCache: check.headers.get('x-cache'),
    rssPerFeed: (after.rss - before.rss) / FEEDS, heapPerFeed: (after.heapUsed - before.heapUsed) / FEEDS, rssAfter: after.rss,
  };
}

const result = mode === 'cache' ? await cachedFeeds() : await parseOrEngine();
process.stdout.write(`${JSON.stringify(result)}\n`);
