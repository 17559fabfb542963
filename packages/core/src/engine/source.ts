import { detectBlockedSurface } from '../blocked/index.js';
import type { FeedConfig } from '../contracts/config.js';
import { FeedError } from '../contracts/errors.js';
import type { FetchContext, FetchResult, FetchStrategy } from '../contracts/fetch.js';
import { isNativeFeed } from '../feeds/detect.js';

/**
 * The strategy named by the configuration, or `UnsupportedStrategy` naming the registry's strategies
 * (html2rss names get their pagefeed equivalent as hint).
 */
export function resolveStrategy(strategies: Readonly<Record<string, FetchStrategy>>, name: string, path = 'strategy'): FetchStrategy {
  const strategy = Object.hasOwn(strategies, name) ? strategies[name] : undefined;
  if (strategy) return strategy;
  const known = Object.keys(strategies);
  const equivalent = EQUIVALENTS[name];
  const hint = equivalent && known.includes(equivalent)
    ? `use strategy '${equivalent}', pagefeed's equivalent of '${name}'`
    : `set strategy to one of: ${known.join(', ')}`;
  return unsupported(name, known, hint, path);
}

/** html2rss strategy names and what they are called here. */
const EQUIVALENTS: Readonly<Record<string, string>> = { browserless: 'renderer', faraday: 'plain' };

function unsupported(name: string, known: readonly string[], hint: string, path: string): never {
  throw new FeedError('UnsupportedStrategy', `Unsupported strategy "${name}"; known strategies: ${known.length > 0 ? known.join(', ') : '(none registered)'}`, {
    path,
    hint,
    details: { strategy: name, known },
  });
}

export interface SourceRequest {
  readonly config: FeedConfig;
  readonly strategy: FetchStrategy;
  readonly context: FetchContext;
  readonly signal?: AbortSignal | undefined;
}

/** Fetches `url` the way the configuration says, then checks what came back. */
export async function fetchSource(request: SourceRequest, url: string): Promise<FetchResult> {
  const { config, strategy, context, signal } = request;
  const result = await strategy.fetch(
    { url, strategy: config.strategy, headers: config.headers, request: config.request, ...(signal ? { signal } : {}) },
    context,
  );
  return checkSource(result);
}

/**
 * Every source, fetched or given (`options.source` skips the fetchers' own checks), must be HTML,
 * JSON or a native feed (RSS/Atom, passed through) and must not be an anti-bot interstitial.
 */
export function checkSource(result: FetchResult): FetchResult {
  const type = result.contentType.toLowerCase();
  if (!isHtml(type) && !isJson(type) && !isNativeFeed(type, result.body)) {
    const feedLike = /(rss|atom|xml)/.test(type);
    throw new FeedError('UnsupportedResponseContentType', `The page at ${result.url} returned content of type "${result.contentType}", which is neither HTML nor JSON`, {
      hint: feedLike
        ? 'this XML is not an RSS or Atom feed; point channel.url at an HTML page, a JSON API or an RSS/Atom feed'
        : 'point channel.url at an HTML page or a JSON API',
      details: { contentType: result.contentType, url: result.url },
    });
  }
  const blocked = detectBlockedSurface(result);
  if (blocked) throw blocked;
  return result;
}

function isHtml(type: string): boolean {
  // An empty type means the source did not say; the parser treats such a body as HTML.
  return type === '' || type.includes('html');
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json') || type === 'text/json';
}
