import { corpusPages, fetchResult } from './corpus.mjs';
import { createBenchEngine } from './engine.mjs';
import { cpuNow } from './stats.mjs';

/**
 * The corpus page that costs auto mode the most CPU and still gives a feed (an error would not be
 * cached, and the liveness benchmark reads a cached copy of it): each page is generated three times in this process and the
 * median of the last two is compared.
 */
export async function slowestCorpusPage() {
  const engine = createBenchEngine({ auto: true });
  let slowest;
  for (const page of corpusPages()) {
    if (page.contentType !== 'text/html') continue;
    const config = { strategy: 'plain', headers: {}, stylesheets: [], request: {}, parameters: {}, channel: { url: page.url }, auto_source: { enabled: true } };
    const times = [];
    try {
      for (let round = 0; round < 3; round += 1) {
        const started = cpuNow();
        const { feed } = await engine.generate(config, { source: fetchResult(page.body, page.url) });
        engine.render(feed, 'rss');
        times.push(cpuNow() - started);
      }
    } catch {
      continue;
    }
    const ms = Math.min(times[1], times[2]);
    if (!slowest || ms > slowest.ms) slowest = { ...page, ms };
  }
  return slowest;
}

/** A feeds.yml of auto-source feeds, each with a digits parameter `n` so every value is a new feed. */
export function autoFeedsYaml(feeds) {
  const entries = Object.entries(feeds).map(([name, url]) =>
    `  ${name}:\n    parameters:\n      n:\n        default: "0"\n        pattern: "[0-9]+"\n    channel:\n      url: "${url}?n=%<n>s"\n      title: ${name}\n    auto_source: true\n`);
  return `feeds:\n${entries.join('')}`;
}
