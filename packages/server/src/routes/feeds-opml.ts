import type { Hono } from 'hono';
import { predefinedFeedOutlines, renderOpml } from '@pagefeed/core';
import type { AppEnv } from '../types.js';
import { API_PREFIX, originOf, type RouteContext } from './context.js';

export const OPML_CONTENT_TYPE = 'text/x-opml; charset=utf-8';

/**
 * GET /api/v1/feeds.opml: the predefined feeds as an OPML 2.0 subscription list (RSS links; a
 * feed whose parameters lack defaults has no address to subscribe to and is left out). Like the
 * feed list, it never shows accounts or created feeds.
 */
export function registerFeedsOpml(app: Hono<AppEnv>, route: RouteContext): void {
  app.get(`${API_PREFIX}/feeds.opml`, (context) => {
    const origin = originOf(route, context.req.raw);
    const { outlines } = predefinedFeedOutlines(route.deps.feeds.feeds, `${origin}${API_PREFIX}`, 'rss');
    context.header('Content-Type', OPML_CONTENT_TYPE);
    context.header('Content-Disposition', 'inline; filename="pagefeed-feeds.opml"');
    return context.body(renderOpml('pagefeed feeds', outlines));
  });
}
