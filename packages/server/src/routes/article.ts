import { FeedError } from '@pagefeed/core';
import type { Hono } from 'hono';
import { requireAccount } from '../middleware/require-account.js';
import type { AppEnv } from '../types.js';
import { API_PREFIX, type RouteContext } from './context.js';
import { readSource } from './feed-create.js';

/**
 * POST /api/v1/article: `{url, strategy?}` from an account (like the preview) → the page's readable
 * article, as `full_text` would put it in an item: `{url, title?, byline?, published?, html, text,
 * length, method}`. The web UI's preview shows an item's full text with it. A page without article
 * text answers 200 with `length: 0` (the caller says so); fetch failures answer as for feeds.
 */
export function registerArticle(app: Hono<AppEnv>, route: RouteContext): void {
  const guard = requireAccount(route.accounts, route.deps.settings.autoSourceEnabled);
  app.post(`${API_PREFIX}/article`, guard, async (context) => {
    const { source } = await readSource(context, route);
    const engine = route.deps.engine;
    if (!engine.article) throw new FeedError('AutoSourceUnavailable', 'This server was built with an engine that cannot extract articles.', { hint: 'create the engine with createEngine() from @pagefeed/core' });
    const article = await route.errorTracker.span('article.extract', { feed: 'article' }, () => engine.article!(source.url, { strategy: source.strategy }));
    return context.json(article);
  });
}
