import { createEngine } from '@pagefeed/core';
import { createStrategies } from '@pagefeed/fetchers';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN, createTestApp, errorOf, HEALTH_TOKEN } from '../support/app.js';

/**
 * Operator endpoints: the health report needs HEALTH_CHECK_TOKEN (off without it, never open);
 * /metrics needs METRICS_TOKEN when set. Other tokens (the admin ACCESS_TOKEN included) and
 * near misses are refused; liveness and readiness stay open for orchestrators.
 */
const engine = createEngine({ strategies: createStrategies({}) });

describe('operator endpoints', () => {
  const harness = createTestApp({ engine, settings: { metricsToken: 'metrics-token-0123456789' } });

  it('the health report answers only its own token', async () => {
    expect((await harness.get('/api/v1/health', { authorization: `Bearer ${HEALTH_TOKEN}` })).status).toBe(200);
    for (const authorization of [undefined, `Bearer ${ACCESS_TOKEN}`, `Bearer ${HEALTH_TOKEN}x`, `Bearer ${HEALTH_TOKEN.slice(0, -1)}`, `Basic ${HEALTH_TOKEN}`, HEALTH_TOKEN]) {
      const { status, code } = await errorOf(await harness.get('/api/v1/health', authorization === undefined ? {} : { authorization }));
      expect(`${status} ${code}`, String(authorization)).toBe('401 Unauthorized');
    }
  });

  it('the health report is off (403), not open, without HEALTH_CHECK_TOKEN', async () => {
    const closed = createTestApp({ engine, settings: { healthCheckToken: undefined } });
    const { status, code } = await errorOf(await closed.get('/api/v1/health'));
    expect(`${status} ${code}`).toBe('403 Forbidden');
  });

  it('/metrics answers only METRICS_TOKEN when it is set', async () => {
    expect((await harness.get('/metrics', { authorization: 'Bearer metrics-token-0123456789' })).status).toBe(200);
    for (const headers of [{}, { authorization: `Bearer ${ACCESS_TOKEN}` }, { authorization: `Bearer ${HEALTH_TOKEN}` }, { authorization: 'Bearer metrics-token-012345678' }]) {
      expect((await harness.get('/metrics', headers)).status).toBe(401);
    }
  });

  it('liveness and readiness need no token', async () => {
    expect((await harness.get('/api/v1/health/live')).status).toBe(200);
    expect((await harness.get('/api/v1/health/ready')).status).toBe(200);
  });
});
