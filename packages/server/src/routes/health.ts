import type { Hono } from 'hono';
import { requireOperatorToken } from '../middleware/require-operator-token.js';
import type { AppEnv } from '../types.js';
import { API_PREFIX, type RouteContext } from './context.js';

/**
 * Probes: live (process up), ready (configuration loaded and valid), and the authenticated
 * health report. Without HEALTH_CHECK_TOKEN the report is switched off (403), never open.
 */
export function registerHealth(app: Hono<AppEnv>, route: RouteContext): void {
  const { deps } = route;

  app.get(`${API_PREFIX}/health/live`, (context) => context.json({ status: 'ok' }));

  app.get(`${API_PREFIX}/health/ready`, (context) =>
    deps.configError
      ? context.json({ status: 'not_ready', message: deps.configError.message }, 503)
      : context.json({ status: 'ready' }),
  );

  app.get(`${API_PREFIX}/health`, requireOperatorToken(deps.settings.healthCheckToken, 'HEALTH_CHECK_TOKEN', false), async (context) => {
    const now = route.clock();
    const renderer = deps.settings.rendererConfigured && deps.checkRenderer ? await deps.checkRenderer().catch(() => 'down' as const) : 'not_configured';
    const cache = deps.cache.status?.() ?? 'ok';
    const config = deps.configError
      ? { status: 'down' as const, feeds: 0, message: deps.configError.message }
      : { status: 'ok' as const, feeds: Object.keys(deps.feeds.feeds).length };
    const status = config.status === 'down' ? 'down' : cache !== 'ok' || renderer === 'down' ? 'degraded' : 'ok';
    return context.json(
      {
        status,
        timestamp: now.toISOString(),
        environment: deps.settings.environment,
        uptime: Math.max(0, Math.round((now.getTime() - route.startedAt.getTime()) / 1000)),
        checks: { config, cache: { status: cache, driver: deps.cache.name }, renderer: { status: renderer } },
      },
      status === 'down' ? 503 : 200,
    );
  });
}
