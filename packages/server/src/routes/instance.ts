import type { Hono } from 'hono';
import { createOpenApiDocument } from '../openapi/document.js';
import { OPERATIONS } from '../openapi/operations.js';
import { FORMATS } from '../serving/http-caching.js';
import type { AppEnv } from '../types.js';
import { API_PREFIX, originOf, type RouteContext } from './context.js';

/** GET /api/v1 (instance info) and GET /api/v1/openapi.json. */
export function registerInstance(app: Hono<AppEnv>, route: RouteContext): void {
  const { settings } = route.deps;
  // Built once: the schemas do not change while the process runs.
  const document = createOpenApiDocument(OPERATIONS, settings.version);

  app.get(API_PREFIX, (context) => {
    const origin = originOf(route, context.req.raw);
    return context.json({
      name: 'pagefeed' as const,
      version: settings.version,
      formats: [...FORMATS],
      strategies: [...settings.strategies],
      feed_creation: settings.autoSourceEnabled,
      predefined_feeds: Object.keys(route.deps.feeds.feeds).length,
      links: {
        feeds: `${origin}${API_PREFIX}/feeds`,
        openapi: `${origin}${API_PREFIX}/openapi.json`,
        health: `${origin}${API_PREFIX}/health`,
      },
    });
  });

  app.get(`${API_PREFIX}/openapi.json`, (context) => context.json(document));
}
