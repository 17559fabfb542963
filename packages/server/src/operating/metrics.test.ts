import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';

describe('metrics', () => {
  it('counts a frozen labels object passed again under the same series', () => {
    const metrics = createMetrics();
    const labels = Object.freeze({ method: 'GET', route: '/api/v1/feeds/:id', status: '200' });
    metrics.increment('pagefeed_http_requests_total', labels);
    metrics.increment('pagefeed_http_requests_total', labels);
    metrics.increment('pagefeed_http_requests_total', { method: 'GET', route: '/api/v1/feeds/:id', status: '200' });
    expect(metrics.render()).toContain('pagefeed_http_requests_total{method="GET",route="/api/v1/feeds/:id",status="200"} 3');
  });

  it('reads a mutable labels object afresh each time', () => {
    const metrics = createMetrics();
    const labels: Record<string, string> = { result: 'fresh' };
    metrics.increment('pagefeed_feed_cache_total', labels);
    labels['result'] = 'miss';
    metrics.increment('pagefeed_feed_cache_total', labels);
    const text = metrics.render();
    expect(text).toContain('pagefeed_feed_cache_total{result="fresh"} 1');
    expect(text).toContain('pagefeed_feed_cache_total{result="miss"} 1');
  });

  it('escapes label values and counts without labels', () => {
    const metrics = createMetrics();
    metrics.increment('pagefeed_rate_limited_total');
    metrics.increment('pagefeed_rate_limited_total');
    metrics.increment('odd', { value: 'a"b\\c\nd' });
    const text = metrics.render();
    expect(text).toContain('pagefeed_rate_limited_total 2');
    expect(text).toContain('odd{value="a\\"b\\\\c\\nd"} 1');
  });
});
