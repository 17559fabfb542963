import { FeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createHarness, feedConfig } from '../test-support/app-harness.js';
import { createFakeEngine, item } from '../test-support/fake-engine.js';
import { createMetrics } from './metrics.js';
import { createPrometheusRegistry } from './prometheus.js';

describe('/metrics with prom-client attached', () => {
  it("serves the app's counters, the process metrics, and latency histograms by strategy and outcome", async () => {
    const metrics = createMetrics(await createPrometheusRegistry());
    const engine = createFakeEngine(() => [item(1)]);
    // Two feeds: one succeeds, the other times out (one cache entry per feed, whatever the Host).
    const { app } = createHarness({ engine, deps: { metrics }, feeds: { news: feedConfig('https://example.com/news'), other: feedConfig('https://example.com/other') } });
    expect((await app.request('/api/v1/feeds/news.rss')).status).toBe(200);
    engine.setSource(() => {
      throw new FeedError('FetchTimeout', 'https://example.com/other timed out');
    });
    expect((await app.request('/api/v1/feeds/other.rss')).status).toBe(504);
    const response = await app.request('/metrics');
    expect(response.status).toBe(200);
    const text = await response.text();
    // Today's counters stay.
    expect(text).toContain('pagefeed_http_requests_total{method="GET",route="/api/v1/feeds/:id",status="200"} 1');
    expect(text).toContain('pagefeed_feed_generations_total');
    // Process, heap, GC and event-loop lag from collectDefaultMetrics.
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_gc_duration_seconds']) {
      expect(text).toContain(`# TYPE ${name}`);
    }
    expect(text).toContain('pagefeed_feed_generation_duration_seconds_count{strategy="plain",outcome="ok"} 1');
    expect(text).toContain('pagefeed_feed_generation_duration_seconds_count{strategy="plain",outcome="FetchTimeout"} 1');
    expect(text).toContain('pagefeed_fetch_duration_seconds_count{strategy="plain",outcome="ok"} 1');
    expect(text).toContain('pagefeed_fetch_duration_seconds_count{strategy="plain",outcome="FetchTimeout"} 1');
    expect(text).toMatch(/pagefeed_fetch_duration_seconds_bucket\{le="0\.01",strategy="plain",outcome="ok"\} \d/);
  });
});
