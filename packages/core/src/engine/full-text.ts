import { createHash } from 'node:crypto';
import { extractArticle } from '../article/extract-article.js';
import type { CacheDriver } from '../contracts/cache.js';
import type { FullTextConfig } from '../contracts/config.js';
import { isFeedError } from '../contracts/errors.js';
import type { FeedItem } from '../contracts/item.js';
import { fetchSource, type SourceRequest } from './source.js';
import type { FeedWarning } from './types.js';

/**
 * `full_text`: each item's page fetched through the configured strategy (and so through the
 * fetchers' guard), its article extracted (`../article/`), the sanitised HTML put in the item's
 * `content`; the teaser stays in `description`. Articles rarely change, so each is cached by URL
 * (and selector) for 30 days: a refresh fetches only items it has not seen. At most `max_items`
 * pages per refresh, at most `PER_HOST` at a time on one host. A page that fails leaves the item
 * as it was, with a warning; it is remembered for an hour so a broken page does not use the
 * budget of every refresh.
 */
export const ARTICLE_TTL_SECONDS = 30 * 24 * 3600;
const FAILURE_TTL_SECONDS = 3600;
const PER_HOST = 2;
const IN_FLIGHT = 4;

interface CachedArticle {
  readonly html?: string;
  readonly error?: string;
}

export interface FullTextStep {
  readonly config: FullTextConfig;
  readonly source: SourceRequest;
  readonly cache: CacheDriver;
}

export async function addFullText(items: readonly FeedItem[], step: FullTextStep, warnings: FeedWarning[]): Promise<FeedItem[]> {
  const result = [...items];
  const pending: { index: number; url: string; key: string }[] = [];
  for (const [index, item] of items.entries()) {
    if (!item.url) continue;
    const key = articleKey(item.url, step.config.selector);
    const cached = await step.cache.get<CachedArticle>(key);
    if (cached?.html !== undefined) result[index] = withContent(item, cached.html);
    else if (cached?.error !== undefined) warnings.push(failure(index, item.url, `${cached.error} (remembered; retried within the hour)`));
    else pending.push({ index, url: item.url, key });
  }
  const budget = pending.slice(0, step.config.max_items);
  if (pending.length > budget.length) {
    warnings.push({
      code: 'FullTextBudget',
      message: `full_text fetched ${budget.length} of ${pending.length} new articles (max_items ${step.config.max_items}); the rest follow on later refreshes`,
      path: 'full_text.max_items',
    });
  }
  await runLimited(budget, async ({ index, url, key }) => {
    const item = items[index] as FeedItem;
    try {
      const page = await fetchSource(step.source, url);
      const article = extractArticle(page.body, { url: page.url, ...(step.config.selector ? { selector: step.config.selector } : {}) });
      if (article.html === '') throw new Error(step.config.selector ? `the selector ${JSON.stringify(step.config.selector)} matched no text` : 'no article text found on the page');
      await step.cache.set(key, { html: article.html } satisfies CachedArticle, { ttlSeconds: ARTICLE_TTL_SECONDS });
      result[index] = withContent(item, article.html);
    } catch (error) {
      const reason = isFeedError(error) || error instanceof Error ? error.message : String(error);
      await step.cache.set(key, { error: reason } satisfies CachedArticle, { ttlSeconds: FAILURE_TTL_SECONDS });
      warnings.push(failure(index, url, reason));
    }
  });
  return result;
}

function withContent(item: FeedItem, html: string): FeedItem {
  return { ...item, content: html };
}

function failure(index: number, url: string, reason: string): FeedWarning {
  return { code: 'FullTextFailed', message: `full_text: the article at ${url} was not added (${reason}); the item keeps its summary`, path: 'full_text', item: index };
}

export function articleKey(url: string, selector: string | undefined): string {
  return `pagefeed:article:v1:${createHash('sha256').update(`${url}\n${selector ?? ''}`).digest('hex')}`;
}

/** Runs `work` over `tasks`, at most IN_FLIGHT at a time and PER_HOST per host. */
async function runLimited<T extends { url: string }>(tasks: readonly T[], work: (task: T) => Promise<void>): Promise<void> {
  const waiting = [...tasks];
  const perHost = new Map<string, number>();
  let running = 0;
  await new Promise<void>((resolve) => {
    const next = (): void => {
      if (waiting.length === 0 && running === 0) return resolve();
      for (let i = 0; i < waiting.length && running < IN_FLIGHT; ) {
        const task = waiting[i] as T;
        const host = hostOf(task.url);
        if ((perHost.get(host) ?? 0) >= PER_HOST) {
          i += 1;
          continue;
        }
        waiting.splice(i, 1);
        running += 1;
        perHost.set(host, (perHost.get(host) ?? 0) + 1);
        void work(task).finally(() => {
          running -= 1;
          perHost.set(host, (perHost.get(host) ?? 1) - 1);
          next();
        });
      }
    };
    next();
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
