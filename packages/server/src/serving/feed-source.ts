import { FeedError, type FeedConfig, type FeedFormat, type FeedItem, type StrategyName } from '@pagefeed/core';
import * as v from 'valibot';
import { FeedSourceBody, MAX_URL_LENGTH } from '../openapi/schemas.js';
import { selectorsFeedConfig, selectorsOfBody, type SelectorsInput } from './feed-selectors.js';

/** Input of POST /feeds and POST /preview: `{url, strategy?, selectors?, items?}`, checked and normalised. */
export interface FeedSource {
  readonly url: string;
  readonly strategy: StrategyName;
  /** A selectors feed (feeds.yml's `selectors`, `items` included); absent: auto-source. */
  readonly selectors?: SelectorsInput | undefined;
}

const KNOWN_STRATEGIES: readonly StrategyName[] = ['plain', 'renderer'];

export function normaliseFeedUrl(raw: string): string {
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new FeedError('InputInvalid', `'url' is not an absolute URL: ${JSON.stringify(trimmed.slice(0, 200))}`, {
      path: 'url',
      hint: 'give the full address including http:// or https://',
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedError('InputInvalid', `'url' must use http or https, not ${url.protocol.replace(':', '')}`, { path: 'url', hint: 'give an http:// or https:// address' });
  }
  if (url.username || url.password) {
    throw new FeedError('InputInvalid', "'url' must not contain a user name or password", { path: 'url', hint: 'send credentials as headers in a feeds.yml feed instead' });
  }
  url.hash = '';
  const normalised = url.href;
  if (normalised.length > MAX_URL_LENGTH) {
    throw new FeedError('InputInvalid', `'url' is longer than ${MAX_URL_LENGTH} characters`, { path: 'url', hint: 'use a shorter listing URL' });
  }
  return normalised;
}

const ACCEPTED_FIELDS: readonly string[] = Object.keys(FeedSourceBody.entries);

/** A field the API does not understand is refused, never ignored: it would make a different feed. */
function refuseUnknownFields(body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new FeedError('InputInvalid', 'The request body must be a JSON object.', { path: 'body', hint: 'send JSON like {"url": "https://example.com/news", "strategy": "plain"}' });
  }
  const unknown = Object.keys(body).find((field) => !ACCEPTED_FIELDS.includes(field));
  if (unknown !== undefined) {
    throw new FeedError('InputInvalid', `Unknown field '${unknown.slice(0, 100)}' in the request body.`, {
      path: unknown.slice(0, 100),
      hint: `accepted fields: ${ACCEPTED_FIELDS.join(', ')}; remove '${unknown.slice(0, 100)}' or check its spelling`,
    });
  }
}

/** Validates a parsed JSON body against `FeedSourceBody`, with the reference's strategy error. */
export function parseFeedSource(body: unknown, availableStrategies: readonly string[]): FeedSource {
  refuseUnknownFields(body);
  const strategy = body && typeof body === 'object' ? (body as Record<string, unknown>)['strategy'] : undefined;
  if (strategy !== undefined && (typeof strategy !== 'string' || !KNOWN_STRATEGIES.includes(strategy as StrategyName) || !availableStrategies.includes(strategy))) {
    throw new FeedError('UnsupportedStrategy', `Unsupported strategy ${JSON.stringify(strategy)}. Known strategies: ${availableStrategies.join(', ')}`, {
      path: 'strategy',
      hint: "use 'plain' for static pages or 'renderer' for pages that load content with JavaScript",
    });
  }
  const parsed = v.safeParse(FeedSourceBody, body);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((segment) => String(segment.key)).join('.') || 'body';
    throw new FeedError('InputInvalid', `Invalid request body at '${path}': ${issue.message}`, { path, hint: 'send JSON like {"url": "https://example.com/news", "strategy": "plain"}' });
  }
  const source = { url: normaliseFeedUrl(parsed.output.url), strategy: parsed.output.strategy ?? 'plain' } as const;
  const selectors = selectorsOfBody(body as Record<string, unknown>);
  if (selectors === undefined) return source;
  // Checked now, so a wrong selector is a 400 naming its path, never a feed that fails on every read.
  selectorsFeedConfig(source.url, source.strategy, selectors);
  return { ...source, selectors };
}

/** The configuration of a created feed: its selectors when it has them, else auto-source. */
export function createdFeedConfig(source: FeedSource): FeedConfig {
  if (source.selectors !== undefined) return selectorsFeedConfig(source.url, source.strategy, source.selectors);
  return { channel: { url: source.url }, strategy: source.strategy, headers: {}, auto_source: { enabled: true }, stylesheets: [], request: {}, parameters: {} };
}

export function feedLinks(base: string, query = ''): Record<FeedFormat, string> {
  return { rss: `${base}.rss${query}`, atom: `${base}.atom${query}`, json: `${base}.json${query}` };
}

export function previewItem(item: FeedItem) {
  return {
    guid: item.guid,
    ...(item.title === undefined ? {} : { title: item.title }),
    ...(item.url === undefined ? {} : { url: item.url }),
    ...(item.description === undefined ? {} : { description: item.description }),
    ...(item.image === undefined ? {} : { image: item.image }),
    ...(item.published_at === undefined ? {} : { published_at: new Date(item.published_at).toISOString() }),
  };
}
