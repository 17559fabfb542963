import { FeedError, type Candidate, type FetchResult, type StrategyName } from '@pagefeed/core';
import type { Hono } from 'hono';
import { ApiError } from '../errors/status.js';
import { requireAccount } from '../middleware/require-account.js';
import { createdFeedConfig } from '../serving/feed-source.js';
import { sanitisePage } from '../snapshot/sanitise-page.js';
import type { AppEnv } from '../types.js';
import { API_PREFIX, type RouteContext } from './context.js';
import { readSource } from './feed-create.js';

/**
 * POST /api/v1/snapshot: the page as the picker shows it, `{url, strategy?}` from an account (the
 * same checks as a preview). The page is fetched once, through the strategy and its network guard;
 * auto-source runs on that same fetch for its candidate lists; the page comes back sanitised
 * (`snapshot/sanitise-page.ts`). An auto-source failure is not an error here: it is why the user
 * picks by hand, so it comes back as `auto_failure` beside the page.
 */
export function registerSnapshot(app: Hono<AppEnv>, route: RouteContext): void {
  const guard = requireAccount(route.accounts, route.deps.settings.autoSourceEnabled);
  const images = route.deps.settings.snapshotImages ?? 'off';

  app.post(`${API_PREFIX}/snapshot`, guard, async (context) => {
    const { source } = await readSource(context, route);
    const fetchPage = route.deps.fetchPage;
    if (!fetchPage) throw new ApiError('NotFound', 'Page snapshots are not available on this server.', 'the Node server provides them; an embedded app needs deps.fetchPage');
    const page = await fetchPage({ url: source.url, strategy: source.strategy });
    if (!/html/i.test(page.contentType) && page.contentType !== '') {
      throw new FeedError('UnsupportedResponseContentType', `The page at ${page.url} is "${page.contentType}", not HTML: there is nothing to click on.`, {
        hint: 'a feed or JSON API needs no picker: create the feed from this address directly, or pick on an HTML listing page',
      });
    }
    const { candidates, failure } = await candidatesOf(route, source, page);
    const snapshot = sanitisePage(page.body, page.url, { images: images === 'direct' });
    return context.json({
      url: source.url,
      final_url: page.url,
      strategy: source.strategy,
      title: snapshot.title,
      html: snapshot.html,
      styles: snapshot.styles,
      images,
      removed: snapshot.removed,
      candidates,
      ...(failure ? { auto_failure: failure } : {}),
    });
  });
}

async function candidatesOf(route: RouteContext, source: { url: string; strategy: StrategyName }, page: FetchResult) {
  try {
    // The fetched page is handed in: auto-source sees exactly what the snapshot shows.
    const result = await route.deps.engine.generate(createdFeedConfig({ url: source.url, strategy: source.strategy }), { source: page });
    return { candidates: (result.diagnostics.autoSource?.candidates ?? []).flatMap(candidateOf), failure: undefined };
  } catch (error) {
    if (!(error instanceof FeedError) || error.code !== 'NoScrapersFound') throw error;
    return { candidates: [], failure: error.toJSON() };
  }
}

/** Candidates that can be reproduced by selectors, in the picker's terms. */
function candidateOf(candidate: Candidate) {
  if (!candidate.selectors) return [];
  return [{ scraper: candidate.scraper, source: candidate.source, score: candidate.score, item_count: candidate.itemCount, items: candidate.selectors.items, parts: candidate.selectors.parts }];
}
