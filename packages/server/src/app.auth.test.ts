import { describe, expect, it } from 'vitest';
import { createHarness } from './test-support/app-harness.js';

/** The reference's Authentication table, row by row, through app.request(). */
describe('authentication', () => {
  it('liveness and readiness need no token', async () => {
    const { app } = createHarness();
    expect((await app.request('/api/v1/health/live')).status).toBe(200);
    expect((await app.request('/api/v1/health/ready')).status).toBe(200);
  });

  it('GET /api/v1/health needs Bearer HEALTH_CHECK_TOKEN', async () => {
    const { app, bearer } = createHarness();
    expect((await app.request('/api/v1/health')).status).toBe(401);
    expect((await app.request('/api/v1/health', { headers: bearer('wrong') })).status).toBe(401);
    const response = await app.request('/api/v1/health', { headers: bearer('health-token') });
    expect(response.status).toBe(200);
    const report = (await response.json()) as Record<string, unknown>;
    expect(report).toMatchObject({ status: 'ok', environment: 'test', checks: { config: { status: 'ok', feeds: 1 }, cache: { status: 'ok' }, renderer: { status: 'not_configured' } } });
    expect(new Date(report['timestamp'] as string).toISOString()).toBe(report['timestamp']);
    expect(typeof report['uptime']).toBe('number');
  });

  it('GET /api/v1/health is switched off (403) when HEALTH_CHECK_TOKEN is unset', async () => {
    const { app, bearer } = createHarness({ settings: { healthCheckToken: undefined } });
    const response = await app.request('/api/v1/health', { headers: bearer('anything') });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('HEALTH_CHECK_TOKEN is not set');
  });

  it('POST /api/v1/feeds without a bearer token → 401', async () => {
    const { post } = createHarness();
    const response = await post('/api/v1/feeds', { url: 'https://example.com/news' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('Unauthorized');
  });

  it('POST /api/v1/feeds with an invalid bearer token → 401', async () => {
    const { post, bearer } = createHarness();
    expect((await post('/api/v1/feeds', { url: 'https://example.com/news' }, bearer('not-a-token'))).status).toBe(401);
  });

  it('POST /api/v1/feeds with AUTO_SOURCE_ENABLED=false → 403', async () => {
    const { post, bearer } = createHarness({ settings: { autoSourceEnabled: false } });
    const response = await post('/api/v1/feeds', { url: 'https://example.com/news' }, bearer());
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('AUTO_SOURCE_ENABLED=false');
  });

  it('POST /api/v1/feeds with a URL outside the account patterns → 403; inside → 201', async () => {
    const { post, bearer } = createHarness({ accounts: [{ username: 'alice', token: 'alice-token', allowed_urls: ['https://example.com/*'] }] });
    const refused = await post('/api/v1/feeds', { url: 'https://other.test/news' }, bearer('alice-token'));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("not allowed for account 'alice'");
    expect((await post('/api/v1/feeds', { url: 'https://example.com/blog' }, bearer('alice-token'))).status).toBe(201);
  });

  it('POST /api/v1/preview needs the same bearer token', async () => {
    const { post, bearer } = createHarness();
    expect((await post('/api/v1/preview', { url: 'https://example.com/news' })).status).toBe(401);
    expect((await post('/api/v1/preview', { url: 'https://example.com/news' }, bearer())).status).toBe(200);
  });

  it('never writes tokens to the log', async () => {
    const { post, bearer, app, logs } = createHarness();
    await post('/api/v1/feeds', { url: 'https://example.com/news' }, bearer());
    await post('/api/v1/feeds', { url: 'https://example.com/news' }, bearer('wrong-secret-token'));
    await app.request('/api/v1/health', { headers: bearer('health-token') });
    const text = JSON.stringify(logs);
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of ['admin-access-token', 'wrong-secret-token', 'health-token', 'test-secret-key']) expect(text).not.toContain(secret);
  });

  it('GET /metrics is open without METRICS_TOKEN and guarded with it', async () => {
    expect((await createHarness().app.request('/metrics')).status).toBe(200);
    const { app, bearer } = createHarness({ settings: { metricsToken: 'metrics-token' } });
    expect((await app.request('/metrics')).status).toBe(401);
    const response = await app.request('/metrics', { headers: bearer('metrics-token') });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('pagefeed_http_requests_total');
  });
});
