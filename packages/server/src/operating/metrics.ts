import type { HistogramRegistry } from './prometheus.js';

/**
 * The app's own counters and summed durations with labels, rendered in the text exposition
 * format: the request counter sits on the hottest path and costs a map update here. Latency
 * histograms and the process metrics come from prom-client (`prometheus.ts`) when the adapter
 * attaches it; its text follows these lines.
 */
export type Labels = Readonly<Record<string, string>>;

export interface Metrics {
  increment(name: string, labels?: Labels, by?: number): void;
  observe(name: string, seconds: number, labels?: Labels): void;
  /** A latency histogram; kept only when a prom-client registry is attached. */
  histogram(name: string, seconds: number, labels: Labels): void;
  /** The app's own series. */
  render(): string;
  /** Everything `/metrics` serves: the app's series, then prom-client's when attached. */
  renderAll(): Promise<string>;
}

const HELP: Readonly<Record<string, string>> = {
  pagefeed_http_requests_total: 'HTTP requests answered, by method, route and status.',
  pagefeed_feed_generations_total: 'Feed generations run, by result.',
  pagefeed_feed_cache_total: 'Feed cache lookups, by result (fresh, stale, miss).',
  pagefeed_feed_generation_seconds: 'Time spent generating feeds.',
  pagefeed_rate_limited_total: 'Requests refused by the rate limit.',
};

const NEEDS_ESCAPING = /[\\"\n]/;
const NO_LABELS: Labels = Object.freeze({});

/**
 * Label text by labels object: callers on hot paths pass the same frozen object for the same
 * labels (the request counter, cache results), so the text is made once, not per request.
 */
const knownLabelText = new WeakMap<Labels, string>();

function labelTextOf(labels: Labels): string {
  let text = knownLabelText.get(labels);
  if (text === undefined) {
    text = labelText(labels);
    // Only frozen objects: a caller's mutable object may change between calls.
    if (Object.isFrozen(labels)) knownLabelText.set(labels, text);
  }
  return text;
}

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  // Values rarely need escaping: one test per value instead of three replacements per request.
  const escaped = entries.map(([key, value]) => `${key}="${NEEDS_ESCAPING.test(value) ? value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') : value}"`);
  return `{${escaped.join(',')}}`;
}

export function createMetrics(registry?: HistogramRegistry): Metrics {
  const counters = new Map<string, Map<string, number>>();
  const summaries = new Map<string, Map<string, { sum: number; count: number }>>();
  return {
    increment(name, labels = NO_LABELS, by = 1) {
      let series = counters.get(name);
      if (series === undefined) {
        series = new Map<string, number>();
        counters.set(name, series);
      }
      const key = labelTextOf(labels);
      series.set(key, (series.get(key) ?? 0) + by);
    },
    observe(name, seconds, labels = NO_LABELS) {
      const series = summaries.get(name) ?? new Map<string, { sum: number; count: number }>();
      summaries.set(name, series);
      const key = labelTextOf(labels);
      const current = series.get(key) ?? { sum: 0, count: 0 };
      series.set(key, { sum: current.sum + seconds, count: current.count + 1 });
    },
    histogram(name, seconds, labels) {
      registry?.observe(name, seconds, labels);
    },
    async renderAll() {
      const own = this.render();
      return registry ? `${own}\n${await registry.metrics()}` : own;
    },
    render() {
      const lines: string[] = [];
      for (const [name, series] of counters) {
        lines.push(`# HELP ${name} ${HELP[name] ?? name}`, `# TYPE ${name} counter`);
        for (const [labels, value] of series) lines.push(`${name}${labels} ${value}`);
      }
      for (const [name, series] of summaries) {
        lines.push(`# HELP ${name} ${HELP[name] ?? name}`, `# TYPE ${name} summary`);
        for (const [labels, value] of series) {
          lines.push(`${name}_sum${labels} ${value.sum}`, `${name}_count${labels} ${value.count}`);
        }
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
