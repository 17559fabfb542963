import type { Hono } from 'hono';
import { requireOperatorToken } from '../middleware/require-operator-token.js';
import type { AppEnv } from '../types.js';
import type { RouteContext } from './context.js';

/** GET /metrics: Prometheus text; behind a bearer token only when METRICS_TOKEN is set. */
export function registerMetrics(app: Hono<AppEnv>, route: RouteContext): void {
  app.get('/metrics', requireOperatorToken(route.deps.settings.metricsToken, 'METRICS_TOKEN', true), async (context) =>
    context.body(await route.metrics.renderAll(), 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' }),
  );
}
