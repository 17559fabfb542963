import { FeedError, type FeedWarning } from '@pagefeed/core';
import type { Context, Hono } from 'hono';
import type { Account } from '../auth/accounts.js';
import { createFeedToken, feedIdOf } from '../auth/feed-token.js';
import { ApiError } from '../errors/status.js';
import { requireAccount } from '../middleware/require-account.js';
import { createdFeedConfig, feedLinks, parseFeedSource, previewItem, type FeedSource } from '../serving/feed-source.js';
import { SELF_ORIGIN } from '../serving/self-links.js';
import type { AppEnv } from '../types.js';
import { API_PREFIX, originOf, type RouteContext } from './context.js';
import { captureOf, captureYaml } from './capture.js';

/** POST /api/v1/feeds and POST /api/v1/preview: both take `{url, strategy?}` from an account. */
const PREVIEW_ITEMS = 5;

export async function readSource(context: Context<AppEnv>, route: RouteContext): Promise<{ source: FeedSource; account: Account }> {
  let body: unknown;
  try {
    body = await context.req.json();
  } catch {
    throw new FeedError('InputInvalid', 'The request body is not valid JSON.', { hint: 'send Content-Type: application/json with {"url": "https://…"}' });
  }
  const source = parseFeedSource(body, route.deps.settings.strategies);
  const account = context.get('account');
  if (!route.accounts.allows(account, source.url)) {
    throw new ApiError('Forbidden', `The URL ${source.url} is not allowed for account '${account.username}'.`, 'ask the operator to add a matching pattern to allowed_urls in feeds.yml');
  }
  return { source, account };
}

export function registerFeedCreate(app: Hono<AppEnv>, route: RouteContext): void {
  const guard = requireAccount(route.accounts, route.deps.settings.autoSourceEnabled);

  app.post(`${API_PREFIX}/feeds`, guard, async (context) => {
    const { source, account } = await readSource(context, route);
    const createdAt = route.clock().toISOString();
    const token = createFeedToken(
      { url: source.url, strategy: source.strategy, account: account.username, created_at: createdAt, ...(source.selectors ? { selectors: source.selectors } : {}) },
      route.deps.settings.secretKey,
    );
    const links = feedLinks(`${originOf(route, context.req.raw)}${API_PREFIX}/feeds/${token}`);
    // Generated once now, so the caller learns at once whether the page works; the result also
    // warms the cache for the first read, from whichever Host (the read's key: self-links.ts).
    const selfUrls = feedLinks(`${SELF_ORIGIN}${API_PREFIX}/feeds/${token}`);
    const { entry, result } = await route.feedService.generate({ config: createdFeedConfig(source), parameters: {}, selfUrls, label: feedIdOf(token) });
    route.logger.info('feed created', { account: account.username, url: source.url, strategy: source.strategy, source: source.selectors ? 'selectors' : 'auto', items: entry.itemCount });
    return context.json(
      {
        feed: { id: feedIdOf(token), url: source.url, strategy: source.strategy, title: entry.title, created_at: createdAt, token, links },
        preview: { items: result.feed.items.slice(0, PREVIEW_ITEMS).map(previewItem) },
        // What the engine noted while building it (a source that already is a feed, a part that
        // found nothing, …), as the preview shows it.
        warnings: result.warnings.map(warningOf),
      },
      201,
      { Location: links.rss },
    );
  });

  app.post(`${API_PREFIX}/preview`, guard, async (context) => {
    const { source } = await readSource(context, route);
    const config = createdFeedConfig(source);
    const result = await route.errorTracker.span('feed.generate', { feed: 'preview' }, () => route.deps.engine.generate(config));
    const capture = captureOf(result.diagnostics.autoSource);
    return context.json({
      items: result.feed.items.map(previewItem),
      warnings: result.warnings.map(warningOf),
      diagnostics: result.diagnostics,
      ...(capture ? { capture, capture_yaml: captureYaml(source, capture) } : {}),
    });
  });
}

/** A warning as the API shows it: code, message and, when it has one, the configuration path. */
function warningOf(warning: FeedWarning): { code: string; message: string; path?: string } {
  return { code: warning.code, message: warning.message, ...(warning.path === undefined ? {} : { path: warning.path }) };
}
