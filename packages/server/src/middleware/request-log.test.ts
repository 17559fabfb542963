import { describe, expect, it } from 'vitest';
import { createMetrics } from '../operating/metrics.js';
import { createHarness } from '../test-support/app-harness.js';

describe('request log middleware', () => {
  it('counts requests by method, route and status, also when they alternate', async () => {
    const metrics = createMetrics();
    const { app, logs } = createHarness({ deps: { metrics } });
    for (const path of ['/api/v1/feeds/news.rss', '/api/v1/feeds/news.rss', '/api/v1/feeds/missing.rss', '/api/v1/feeds/news.rss', '/api/v1/no-such-route']) await app.request(path);
    const text = metrics.render();
    expect(text).toContain('pagefeed_http_requests_total{method="GET",route="/api/v1/feeds/:id",status="200"} 3');
    expect(text).toContain('pagefeed_http_requests_total{method="GET",route="/api/v1/feeds/:id",status="404"} 1');
    const requests = logs.filter((line) => line['message'] === 'request');
    expect(requests.map((line) => line['status'])).toEqual([200, 200, 404, 200, 404]);
    expect(requests.every((line) => typeof line['request_id'] === 'string' && typeof line['duration_ms'] === 'number')).toBe(true);
  });
});
