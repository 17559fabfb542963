import { type CacheDriver, type Engine, type Feed, type FeedConfig, type FeedFormat, type GenerateResult } from '@pagefeed/core';
import { noErrorTracker, type ErrorTracker } from '../operating/error-tracking.js';
import { createFeedFailureReporter } from '../operating/feed-failures.js';
import { silentLogger, type Logger } from '../operating/logger.js';
import type { Metrics } from '../operating/metrics.js';
import { observeFailedGeneration, observeGeneration } from './generation-metrics.js';
import { FORMATS, STALE_IF_ERROR_SECONDS } from './http-caching.js';
import { decodeCachedFeed, encodeCachedFeed, type CachedFeed } from './cached-feed.js';
import { createDeferredStore } from './deferred-store.js';
import { hashedModelOf, reviveFeed } from './feed-model.js';
import type { SingleFlight } from './single-flight.js';
import { generateDocuments } from './generate-documents.js';
import { rememberEncoded, type AnswerEncoding } from './encoded-documents.js';
import { cacheKeyOf } from './feed-cache-key.js';

export { cacheKeyOf, FEED_KEY_PREFIX } from './feed-cache-key.js';

/**
 * Feed results cached per (definition, parameters, self URLs) as rendered documents (DESIGN §7,
 * self URLs under the placeholder origin of `self-links.ts`, so never per Host;
 * layout in `cached-feed.ts`): fresh for `channel.ttl`; then stale-while-revalidate for one more
 * ttl (served at once, one background refresh); past that a synchronous refresh, falling back to
 * the last good result when the source fails (stale-if-error).
 *
 * A generation renders the format its caller answers with, plus those the previous result of the
 * feed had been asked for; any other format is rendered from the cached feed when first asked
 * (`document`) and stored with the entry. Most readers ask one format, so most misses render one
 * document instead of three.
 */
export type { CachedFeed } from './cached-feed.js';

export type CacheState = 'fresh' | 'stale' | 'miss' | 'stale-if-error';

export interface FeedRequest {
  readonly config: FeedConfig;
  readonly parameters: Readonly<Record<string, string>>;
  /** Each format's own URL under `SELF_ORIGIN`, for self links (the reader's origin goes in when answering). */
  readonly selfUrls: Readonly<Record<FeedFormat, string>>;
  /** Label for spans and logs (feed name or created-feed id). */
  readonly label: string;
  /**
   * Optional: a string that determines `parameters` and `selfUrls` together (the route's origin,
   * id and canonical query), so the cache key is found without serialising both per request.
   */
  readonly variant?: string;
  /** The format the caller answers with: rendered as part of a generation. Default `rss`. */
  readonly format?: FeedFormat;
  /** Predefined (feeds.yml) or created; failures of predefined feeds go to error tracking. Default created. */
  readonly kind?: 'predefined' | 'created';
}

export interface FeedServiceOptions {
  readonly engine: Engine;
  readonly cache: CacheDriver;
  readonly singleFlight: SingleFlight;
  readonly clock: () => Date;
  readonly logger?: Logger;
  readonly metrics?: Metrics;
  readonly errorTracker?: ErrorTracker;
  /** At most one error-tracking event per feed per this interval. Default one hour. */
  readonly feedFailureIntervalMs?: number;
}

export interface FeedService {
  /** `answer`: the reader's origin and encoding, so a miss's worker makes the answer's bytes too (`encoded-documents.ts`). */
  get(request: FeedRequest, answer?: AnswerEncoding): Promise<{ entry: CachedFeed; state: CacheState }>;
  /** Generates now (no cache read), stores the result, returns it with the engine's output. */
  generate(request: FeedRequest): Promise<{ entry: CachedFeed; result: GenerateResult }>;
  /**
   * The entry's document in `format`: stored, or rendered now from the cached feed (then stored
   * with the entry, as long as the cache still holds that same generation).
   */
  document(request: FeedRequest, entry: CachedFeed, format: FeedFormat): string;
  /**
   * The entry when the cache can be read synchronously (the memory driver's `getNow`) and holds a
   * fresh entry at `now`; else undefined. Counts nothing: the caller that answers with it calls
   * `countFresh()`, as `get` counts a fresh read. For the cached-read fast path.
   */
  freshNow(request: FeedRequest, now: number): CachedFeed | undefined;
  countFresh(): void;
  /** Resolves when background refreshes and cache writes started so far have finished (tests, shutdown). */
  idle(): Promise<void>;
}

const DEFAULT_TTL_MINUTES = 60;

/** One frozen labels object per cache result: the metrics registry then makes their text once. */
const CACHE_RESULT_LABELS: Readonly<Record<CacheState, Readonly<Record<string, string>>>> = Object.freeze({
  fresh: Object.freeze({ result: 'fresh' }),
  stale: Object.freeze({ result: 'stale' }),
  miss: Object.freeze({ result: 'miss' }),
  'stale-if-error': Object.freeze({ result: 'stale-if-error' }),
});
const GENERATION_OK = Object.freeze({ result: 'ok' });
const GENERATION_ERROR = Object.freeze({ result: 'error' });
const DECODED_KEYS = 256;

/** A tenth of the ttl, between 30 s and 10 min. */
function retryDelayMs(entry: CachedFeed): number {
  return Math.min(600, Math.max(30, entry.ttlSeconds / 10)) * 1000;
}

function withSelfUrl(feed: Feed, request: FeedRequest, format: FeedFormat): Feed {
  return { ...feed, channel: { ...feed.channel, self_url: request.selfUrls[format] } };
}

/** How long an entry is kept: past expiry, so stale-while-revalidate and stale-if-error have something to serve. */
function keptSeconds(ttlSeconds: number): number {
  return ttlSeconds * 2 + STALE_IF_ERROR_SECONDS;
}

/** A cache that can also answer a read without a promise (`MemoryCacheDriver.getNow`). */
interface SynchronousRead {
  getNow(key: string): unknown;
}

function synchronousRead(cache: CacheDriver): SynchronousRead | undefined {
  return typeof (cache as Partial<SynchronousRead>).getNow === 'function' ? (cache as CacheDriver & SynchronousRead) : undefined;
}

export function createFeedService(options: FeedServiceOptions): FeedService {
  const { engine, cache, singleFlight, clock } = options;
  const readNow = synchronousRead(cache);
  const logger = options.logger ?? silentLogger;
  const tracker = options.errorTracker ?? noErrorTracker;
  const failures = createFeedFailureReporter(tracker, () => clock().getTime(), options.feedFailureIntervalMs);
  const background = new Set<Promise<unknown>>();
  // Cache writes of fresh generations follow their answers (`deferred-store.ts`).
  const deferred = createDeferredStore(cache, logger, background);
  // After a failed refresh, the last good result is served without asking the source again for a
  // while, so a broken source is not hit (and a reader not delayed) on every request.
  const failedUntil = new Map<string, number>();

  async function build(request: FeedRequest, key: string, previous: CachedFeed | undefined, answer?: AnswerEncoding) {
    const started = clock().getTime();
    const wanted = request.format ?? 'rss';
    const formats = FORMATS.filter((format) => format === wanted || previous?.documents[format] !== undefined);
    // With the extraction pool, the worker renders too: the main thread gets finished documents.
    const { result, documents, model: made, encoded } = await tracker.span('feed.generate', { feed: request.label }, () =>
      generateDocuments(engine, request.config, { parameters: request.parameters, selfUrl: request.selfUrls.rss }, formats.map((format) => ({ format, selfUrl: request.selfUrls[format], ...(answer && format === wanted ? { answer } : {}) }))),
    );
    // One serialisation serves as content hash input and as the feed kept for the other formats
    // (made by the extraction worker when there is one: then `result.feed` is only revived from it
    // if a caller reads it, `pool/slim-result.ts`).
    const { model, updatedAt, contentHash, etags, title, itemCount } = made ?? hashedModelOf(result.feed);
    const now = clock().getTime();
    const ttlSeconds = Math.max(1, Math.round((request.config.channel.ttl ?? DEFAULT_TTL_MINUTES) * 60));
    const entry: CachedFeed = {
      title,
      itemCount,
      contentHash,
      // Made with the hash, in the worker when there is one (`hashedModelOf`).
      etags,
      documents,
      // Kept even with every format rendered: reads narrowed by query (?include=, ?limit=) render from it.
      model,
      ...(updatedAt === undefined ? {} : { updatedAt }),
      generatedAt: now,
      lastModified: previous?.contentHash === contentHash ? previous.lastModified : now,
      expiresAt: now + ttlSeconds * 1000,
      ttlSeconds,
    };
    rememberEncoded(entry, encoded);
    deferred.store(request.label, key, entry, keptSeconds(ttlSeconds));
    // Counted with the generation, as before (a scrape right after the answer sees it).
    if (itemCount === 0) failures.empty(request);
    options.metrics?.observe('pagefeed_feed_generation_seconds', (now - started) / 1000);
    observeGeneration(options.metrics, request.config.strategy, (now - started) / 1000, result.diagnostics.timings.fetchMs / 1000);
    options.metrics?.increment('pagefeed_feed_generations_total', GENERATION_OK);
    return { entry, result };
  }

  function generateShared(request: FeedRequest, key: string, previous: CachedFeed | undefined, answer?: AnswerEncoding) {
    return singleFlight.run(key, async () => {
      const started = clock().getTime();
      try {
        const built = await build(request, key, previous, answer);
        failedUntil.delete(key);
        return built;
      } catch (error) {
        options.metrics?.increment('pagefeed_feed_generations_total', GENERATION_ERROR);
        observeFailedGeneration(options.metrics, request.config.strategy, error, (clock().getTime() - started) / 1000);
        failures.failed(request, error);
        if (previous) failedUntil.set(key, clock().getTime() + retryDelayMs(previous));
        throw error;
      }
    });
  }

  function inBackoff(key: string, now: number): boolean {
    const until = failedUntil.get(key);
    if (until !== undefined && until <= now) failedUntil.delete(key);
    return until !== undefined && now < until;
  }

  function refreshInBackground(request: FeedRequest, key: string, previous: CachedFeed) {
    const task = generateShared(request, key, previous)
      .catch((error: unknown) => logger.warn('background feed refresh failed; serving the last good result', { feed: request.label, error }))
      .finally(() => background.delete(task));
    background.add(task);
  }

  // The memory driver hands back the very string it holds, so the last decoding of a key is still
  // good while the string is the same; this skips the metadata parse for hot feeds (a few % of a
  // cached read). Bounded: only the most recently read keys are remembered.
  const decoded = new Map<string, { readonly stored: unknown; readonly entry: CachedFeed | undefined }>();
  function decodeStored(key: string, stored: unknown): CachedFeed | undefined {
    const known = decoded.get(key);
    if (known && known.stored === stored) return known.entry;
    const entry = decodeCachedFeed(stored);
    if (decoded.size >= DECODED_KEYS) decoded.clear();
    decoded.set(key, { stored, entry: entry && Object.freeze(entry) });
    return entry;
  }

  // Documents rendered on a read, per decoded entry: a second read of the same entry (before the
  // stored one replaces it, or when it could not be stored) does not render again.
  const rendered = new WeakMap<CachedFeed, Partial<Record<FeedFormat, string>>>();

  function document(request: FeedRequest, entry: CachedFeed, format: FeedFormat): string {
    const stored = entry.documents[format] ?? rendered.get(entry)?.[format];
    if (stored !== undefined) return stored;
    // Not expected: decodeCachedFeed and build never make an entry without both.
    if (entry.model === undefined) throw new Error(`The cached feed '${request.label}' has no ${format} document and no feed to render it from.`);
    const feed = reviveFeed(entry.model, entry.updatedAt);
    const text = engine.render(withSelfUrl(feed, request, format), format);
    rendered.set(entry, { ...rendered.get(entry), [format]: text });
    const task = storeDocument(cacheKeyOf(request), entry, format, text)
      .catch((error: unknown) => logger.warn('could not store a rendered feed document; it will be rendered again', { feed: request.label, format, error }))
      .finally(() => background.delete(task));
    background.add(task);
    return text;
  }

  /** Adds `text` to the cached entry, unless the cache holds another generation by now. */
  async function storeDocument(key: string, entry: CachedFeed, format: FeedFormat, text: string) {
    // A generation answered a moment ago may not be written yet: its write comes first.
    await deferred.written(key);
    const current = decodeStored(key, await cache.get(key));
    if (!current || current.generatedAt !== entry.generatedAt || current.contentHash !== entry.contentHash || current.documents[format] !== undefined) return;
    const documents = { ...current.documents, [format]: text };
    const { model: _model, ...rest } = current;
    const remainingSeconds = Math.floor((current.generatedAt + keptSeconds(current.ttlSeconds) * 1000 - clock().getTime()) / 1000);
    if (remainingSeconds <= 0) return;
    await cache.set(key, encodeCachedFeed({ ...rest, documents, ...(current.model === undefined ? {} : { model: current.model }) }), { ttlSeconds: remainingSeconds });
  }

  function count(state: CacheState) {
    options.metrics?.increment('pagefeed_feed_cache_total', CACHE_RESULT_LABELS[state]);
  }

  return {
    async get(request, answer) {
      const key = cacheKeyOf(request);
      const cached = deferred.entryOf(key) ?? decodeStored(key, await cache.get(key));
      const now = clock().getTime();
      if (cached && now < cached.expiresAt) {
        count('fresh');
        return { entry: cached, state: 'fresh' };
      }
      if (cached && now < cached.expiresAt + cached.ttlSeconds * 1000) {
        count('stale');
        if (!inBackoff(key, now)) refreshInBackground(request, key, cached);
        return { entry: cached, state: 'stale' };
      }
      if (cached && inBackoff(key, now)) {
        count('stale-if-error');
        return { entry: cached, state: 'stale-if-error' };
      }
      try {
        const { entry } = await generateShared(request, key, cached, answer);
        count('miss');
        return { entry, state: 'miss' };
      } catch (error) {
        if (!cached) throw error;
        logger.warn('feed refresh failed; serving the last good result', { feed: request.label, error });
        count('stale-if-error');
        return { entry: cached, state: 'stale-if-error' };
      }
    },
    freshNow(request, now) {
      if (!readNow) return undefined;
      const key = cacheKeyOf(request);
      const cached = deferred.entryOf(key) ?? decodeStored(key, readNow.getNow(key));
      return cached && now < cached.expiresAt ? cached : undefined;
    },
    countFresh: () => count('fresh'),
    generate: (request) => generateShared(request, cacheKeyOf(request), undefined),
    document,
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}
