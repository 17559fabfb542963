import type { Hono } from 'hono';
import { createOpenApiDocument } from '../openapi/document.js';
import { OPERATIONS } from '../openapi/operations.js';
import { FORMATS } from '../serving/http-caching.js';
import { createRendererStatus } from '../serving/renderer-status.js';
import type { AppEnv } from '../types.js';
import { API_PREFIX, originOf, type RouteContext } from './context.js';

/** GET /api/v1 (instance info) and GET /api/v1/openapi.json. */
export function registerInstance(app: Hono<AppEnv>, route: RouteContext): void {
  const { settings } = route.deps;
  // Built once: the schemas do not change while the process runs.
  const document = createOpenApiDocument(OPERATIONS, settings.version);
  const rendererStatus = createRendererStatus(settings.rendererConfigured, route.deps.checkRenderer);
  const rendererHint =
    settings.rendererHint ?? 'the rendering service does not answer: check that it runs at RENDERER_WEBSOCKET_URL and that RENDERER_API_TOKEN equals its token';

  app.get(API_PREFIX, async (context) => {
    const origin = originOf(route, context.req.raw);
    // `renderer` is offered only while a rendering service answers; otherwise `renderer` says why.
    const renderer = await rendererStatus();
    return context.json({
      name: 'pagefeed' as const,
      version: settings.version,
      formats: [...FORMATS],
      strategies: settings.strategies.filter((strategy) => strategy !== 'renderer' || renderer === 'ok'),
      renderer: renderer === 'ok' ? { status: renderer } : { status: renderer, hint: rendererHint },
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
