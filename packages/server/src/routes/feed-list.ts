import type { Hono } from 'hono';
import { applyParameters, type FeedConfig } from '@pagefeed/core';
import { feedLinks } from '../serving/feed-source.js';
import type { AppEnv } from '../types.js';
import { API_PREFIX, originOf, type RouteContext } from './context.js';

/** GET /api/v1/feeds: the predefined feeds of feeds.yml (never the accounts). */
export function registerFeedList(app: Hono<AppEnv>, route: RouteContext): void {
  app.get(`${API_PREFIX}/feeds`, (context) => {
    const origin = originOf(route, context.req.raw);
    const feeds = Object.entries(route.deps.feeds.feeds).map(([name, declared]) => {
      const config = withDefaults(declared);
      return {
      name,
      ...(config.channel.title === undefined ? {} : { title: config.channel.title }),
      url: config.channel.url,
      parameters: Object.keys(config.parameters),
      links: feedLinks(`${origin}${API_PREFIX}/feeds/${encodeURIComponent(name)}`),
      };
    });
    return context.json({ feeds });
  });
}

/** Title and URL as served without query parameters: placeholders filled from their defaults. */
function withDefaults(config: FeedConfig): FeedConfig {
  try {
    return applyParameters(config, {});
  } catch {
    return config; // a parameter without default: show the template, the reader must pass a value
  }
}
