import type { Hono } from 'hono';
import { feedLinks } from '../serving/feed-source.js';
import type { AppEnv } from '../types.js';
import { API_PREFIX, originOf, type RouteContext } from './context.js';

/** GET /api/v1/feeds: the predefined feeds of feeds.yml (never the accounts). */
export function registerFeedList(app: Hono<AppEnv>, route: RouteContext): void {
  app.get(`${API_PREFIX}/feeds`, (context) => {
    const origin = originOf(context.req.raw);
    const feeds = Object.entries(route.deps.feeds.feeds).map(([name, config]) => ({
      name,
      ...(config.channel.title === undefined ? {} : { title: config.channel.title }),
      url: config.channel.url,
      parameters: Object.keys(config.parameters),
      links: feedLinks(`${origin}${API_PREFIX}/feeds/${encodeURIComponent(name)}`),
    }));
    return context.json({ feeds });
  });
}
