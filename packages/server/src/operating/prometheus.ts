import type { Labels } from './metrics.js';

/**
 * What prom-client adds beside the app's own counters: the process, heap, GC and event-loop-lag
 * metrics of `collectDefaultMetrics`, and latency histograms. Loaded by the Node adapter with a
 * dynamic import (prom-client takes a noticeable part of a start-up to load), so apps made with
 * `createApp` in tests or libraries do without it.
 */
export interface HistogramRegistry {
  observe(name: string, seconds: number, labels: Labels): void;
  metrics(): Promise<string>;
}

/** Latency buckets from 10 ms to 2 minutes: a cached feed is milliseconds, a rendered page seconds. */
const BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

const HISTOGRAMS: Readonly<Record<string, { help: string; labelNames: readonly string[] }>> = {
  pagefeed_feed_generation_duration_seconds: { help: 'Feed generation time (fetch, extraction, rendering), by strategy and outcome (ok or the error code).', labelNames: ['strategy', 'outcome'] },
  pagefeed_fetch_duration_seconds: { help: 'Time to fetch a source page, by strategy and outcome.', labelNames: ['strategy', 'outcome'] },
};

export async function createPrometheusRegistry(): Promise<HistogramRegistry> {
  const client = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const histograms = new Map<string, import('prom-client').Histogram>();
  for (const [name, { help, labelNames }] of Object.entries(HISTOGRAMS)) {
    histograms.set(name, new client.Histogram({ name, help, labelNames: [...labelNames], buckets: BUCKETS, registers: [registry] }));
  }
  return {
    observe(name, seconds, labels) {
      histograms.get(name)?.observe(labels, seconds);
    },
    metrics: () => registry.metrics(),
  };
}
