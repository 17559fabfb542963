import { FEED_CONTENT_TYPES, FeedError, SELECTION_PARAMETERS, selectionFromQuery, type FeedConfig, type FeedFormat, type ItemSelection } from '@pagefeed/core';
import type { Context, Hono } from 'hono';
import { verifyFeedToken, looksLikeFeedToken, feedIdOf } from '../auth/feed-token.js';
import { compress, encodedEtag, MIN_COMPRESSIBLE_BYTES, negotiateEncoding, type ContentEncoding } from '../serving/content-encoding.js';
import { cacheControl, isNotModified, maxAgeOf, negotiateFormat, type Conditions } from '../serving/http-caching.js';
import { createdFeedConfig, feedLinks } from '../serving/feed-source.js';
import type { CachedFeed, CacheState, FeedRequest } from '../serving/feed-service.js';
import { listRequestHeader, requestHeader } from '../middleware/request-header.js';
import { responseWithAppHeaders } from '../serving/respond.js';
import { selectedDocument } from '../serving/selected-feed.js';
import { SELF_ORIGIN, withOrigin } from '../serving/self-links.js';
import { takeEncoded } from '../serving/encoded-documents.js';
import type { AppEnv } from '../types.js';
import { API_PREFIX, type RouteContext } from './context.js';

/** GET /api/v1/feeds/{id}[.rss|.atom|.json]: a predefined feed by name or a created feed by token. */
const EXTENSION = /\.(rss|atom|json)$/;

interface ResolvedFeed {
  readonly config: FeedConfig;
  readonly parameters: Readonly<Record<string, string>>;
  readonly label: string;
  readonly query: string;
}

const notFound = () =>
  new FeedError('FeedNotFound', 'Feed not found.', { hint: `GET ${API_PREFIX}/feeds lists the predefined feeds; created feeds need their full token` });

/** A well-formed token this server's key did not sign: most often the key changed since it was made. */
const notSignedHere = () =>
  new FeedError('FeedNotFound', 'Feed not found.', {
    hint: "this feed's token is not signed with this server's SERVICE_SECRET_KEY: if the key was rotated (or a development key was not kept), create the feed again; otherwise check that the address is complete",
  });

function resolveCreated(route: RouteContext, token: string): ResolvedFeed {
  const payload = verifyFeedToken(token, route.deps.settings.secretKey);
  if (!payload) throw notSignedHere();
  // Tampered, foreign, or revoked (account gone, URL no longer allowed): all the same 404.
  const account = payload && route.accounts.byUsername(payload.account);
  if (!payload || !account || !route.accounts.allows(account, payload.url)) throw notFound();
  if (!route.deps.settings.autoSourceEnabled) {
    throw new FeedError('AutoSourceUnavailable', 'Created feeds are disabled on this instance (AUTO_SOURCE_ENABLED=false).', { hint: 'ask the operator to set AUTO_SOURCE_ENABLED=true' });
  }
  return { config: createdFeedConfig(payload), parameters: {}, label: feedIdOf(token), query: '' };
}

function resolvePredefined(route: RouteContext, name: string, search: URLSearchParams | undefined): ResolvedFeed {
  const config = Object.hasOwn(route.deps.feeds.feeds, name) ? route.deps.feeds.feeds[name] : undefined;
  if (!config) throw notFound();
  if (search === undefined) return { config, parameters: {}, label: name, query: '' };
  const parameters: Record<string, string> = {};
  for (const [key, value] of search) {
    // include, exclude, fields, limit and max_age narrow any feed, unless the feed declares the name itself.
    if (SELECTION_PARAMETERS.has(key) && !Object.hasOwn(config.parameters, key)) continue;
    if (!Object.hasOwn(config.parameters, key)) {
      const declared = Object.keys(config.parameters);
      throw new FeedError('ParameterInvalid', `Unknown parameter '${key}' for feed '${name}'. Declared: ${declared.length ? declared.join(', ') : 'none'}`, {
        path: `feeds.${name}.parameters`,
        hint: 'declare the parameter under parameters in feeds.yml, or drop it from the query string',
      });
    }
    parameters[key] = value;
  }
  const sorted = new URLSearchParams(Object.entries(parameters).sort(([left], [right]) => left.localeCompare(right))).toString();
  return { config, parameters, label: name, query: sorted ? `?${sorted}` : '' };
}

/**
 * The request URL's origin and query. Nearly every feed URL has no query: then the origin is the
 * text before the path (the URL is already normalised), without a second run of the URL parser.
 */
function locate(href: string): { readonly origin: string; readonly search: URLSearchParams | undefined } {
  if (!href.includes('?') && !href.includes('#')) {
    const scheme = href.startsWith('https://') ? 8 : href.startsWith('http://') ? 7 : 0;
    const pathStart = scheme === 0 ? -1 : href.indexOf('/', scheme);
    if (pathStart > 0 && !href.slice(scheme, pathStart).includes('@')) return { origin: href.slice(0, pathStart), search: undefined };
  }
  const url = new URL(href);
  return { origin: url.origin, search: url.search === '' ? undefined : url.searchParams };
}

/**
 * What every answer from one decoded entry shares, made once: the feed service hands back the same
 * entry object while the cached string is unchanged, so a hot feed is not re-encoded (and its byte
 * length not re-measured) on every request. Collected with the entry.
 */
interface Prepared {
  readonly lastModified: string;
  /** Encoded documents per origin their self links were written for (bounded: Hosts vary). */
  readonly byOrigin: Map<string, ForOrigin>;
  /**
   * The last Cache-Control value and the max-age it says: one string per second of max-age
   * instead of one per request (Node checks every header value character by character, and a new
   * template string must first be flattened for that).
   */
  cacheControl?: { readonly maxAge: number; readonly text: string };
}

/** One origin's documents: plain bytes per format, compressed once per format and encoding (`null`: too small to compress). */
interface ForOrigin {
  readonly bytes: Partial<Record<FeedFormat, Uint8Array<ArrayBuffer>>>;
  readonly compressed: Partial<Record<`${FeedFormat}.${ContentEncoding}`, Uint8Array<ArrayBuffer> | null>>;
}

const UTF8 = new TextEncoder();
const prepared = new WeakMap<CachedFeed, Prepared>();

function prepare(entry: CachedFeed): Prepared {
  let forEntry = prepared.get(entry);
  if (!forEntry) {
    forEntry = { lastModified: new Date(entry.lastModified).toUTCString(), byOrigin: new Map() };
    prepared.set(entry, forEntry);
    // A miss's answer bytes, made by the extraction worker (`encoded-documents.ts`).
    for (const made of takeEncoded(entry) ?? []) {
      const documents = forOrigin(forEntry, made.origin);
      documents.bytes[made.format] = made.plain;
      if (made.encoding !== undefined) documents.compressed[`${made.format}.${made.encoding}`] = made.compressed;
    }
  }
  return forEntry;
}

function cacheControlOf(forEntry: Prepared, entry: CachedFeed, now: number): string {
  const maxAge = maxAgeOf(entry, now);
  if (forEntry.cacheControl?.maxAge !== maxAge) forEntry.cacheControl = { maxAge, text: cacheControl(entry, now) };
  return forEntry.cacheControl.text;
}

const ORIGINS_PER_ENTRY = 16;

function forOrigin(forEntry: Prepared, origin: string): ForOrigin {
  let documents = forEntry.byOrigin.get(origin);
  if (documents === undefined) {
    if (forEntry.byOrigin.size >= ORIGINS_PER_ENTRY) forEntry.byOrigin.clear();
    documents = { bytes: {}, compressed: {} };
    forEntry.byOrigin.set(origin, documents);
  }
  return documents;
}

function bytesOf(forEntry: Prepared, format: FeedFormat, origin: string, text: () => string): Uint8Array<ArrayBuffer> {
  const documents = forOrigin(forEntry, origin);
  return (documents.bytes[format] ??= UTF8.encode(withOrigin(text(), format, origin)));
}

/** The compressed document, made on the first request that asks for this encoding; null when not worth it. */
function compressedOf(forEntry: Prepared, format: FeedFormat, origin: string, encoding: ContentEncoding, text: () => string): Uint8Array<ArrayBuffer> | null {
  const documents = forOrigin(forEntry, origin);
  const key = `${format}.${encoding}` as const;
  let cached = documents.compressed[key];
  if (cached === undefined) {
    const plain = bytesOf(forEntry, format, origin, text);
    cached = documents.compressed[key] = plain.byteLength < MIN_COMPRESSIBLE_BYTES ? null : compress(plain, encoding);
  }
  return cached;
}

const VARY_ENCODING = 'Accept-Encoding';
const VARY_BOTH = 'Accept, Accept-Encoding';

export interface ReadTarget {
  readonly extension: FeedFormat | undefined;
  /** The origin the answer's self links are written with (`PUBLIC_URL`, else the request's). */
  readonly origin: string;
  /** The feed request without its format (that may come from `Accept`). */
  readonly feed: Omit<FeedRequest, 'format'>;
  readonly byFormat: Partial<Record<FeedFormat, FeedRequest>>;
  /** What the query's include/exclude/fields/limit/max_age keep of the cached feed (issue #20). */
  readonly selection?: { readonly items: ItemSelection; readonly key: string; readonly selfUrl: string };
}

/** The query's selection, unless the feed declares those names as its own parameters. */
function selectionOf(search: URLSearchParams | undefined, config: FeedConfig, href: string): ReadTarget['selection'] {
  if (search === undefined || !hasSelection(search, config)) return undefined;
  const own = new URLSearchParams([...search].filter(([key]) => SELECTION_PARAMETERS.has(key) && !Object.hasOwn(config.parameters, key)));
  const items = selectionFromQuery(own);
  if (!items) return undefined;
  own.sort();
  return { items, key: own.toString(), selfUrl: href };
}

/** Whether the query names a selection parameter the feed does not declare (most feed URLs with a
 * query carry only the feed's own parameters, each new value a cold generation: they skip the rest). */
function hasSelection(search: URLSearchParams, config: FeedConfig): boolean {
  for (const key of search.keys()) if (SELECTION_PARAMETERS.has(key) && !Object.hasOwn(config.parameters, key)) return true;
  return false;
}

/** How many request URLs of predefined feeds keep their resolution (bounded: queries vary). */
const KNOWN_URLS = 1024;

/** The route's pattern, as Hono reports it (`routePath`) in the access log and metrics. */
export const FEED_READ_ROUTE = `${API_PREFIX}/feeds/:id`;

/** What the route and the cached-read fast path (`cached-read-fast-path.ts`) share. */
export interface FeedReader {
  /** A predefined feed's request URL already resolved by the route, else undefined. */
  knownTarget(href: string): ReadTarget | undefined;
  requestFor(target: ReadTarget, format: FeedFormat): FeedRequest;
  /** The answer from `entry`: 304 when `conditions` say the client has it, else the document. */
  answer(target: ReadTarget, format: FeedFormat, request: FeedRequest, entry: CachedFeed, state: CacheState, now: number, conditions: Conditions, requestId: string): Response;
}

export function registerFeedRead(app: Hono<AppEnv>, route: RouteContext): FeedReader {
  // A predefined feed's URL always resolves the same way (feeds.yml is loaded once per app), so a
  // URL read again skips parsing its query, checking its parameters and building its self links.
  // Created feeds are not remembered: their token is verified on every read.
  const knownUrls = new Map<string, ReadTarget>();

  function targetOf(context: Context<AppEnv>): ReadTarget {
    const href = context.req.url;
    const known = knownUrls.get(href);
    if (known) return known;
    const raw = context.req.param('id') ?? '';
    const extension = EXTENSION.exec(raw)?.[1] as FeedFormat | undefined;
    const id = extension ? raw.slice(0, -extension.length - 1) : raw;
    const located = locate(href);
    const search = located.search;
    // The cache key never depends on the Host header (self links are written per answer, see
    // self-links.ts); with PUBLIC_URL the links do not either.
    const origin = route.publicOrigin ?? located.origin;
    const created = looksLikeFeedToken(id);
    const resolved = created ? resolveCreated(route, id) : resolvePredefined(route, id, search);
    const feed = {
      config: resolved.config,
      parameters: resolved.parameters,
      selfUrls: feedLinks(`${SELF_ORIGIN}${API_PREFIX}/feeds/${id}`, resolved.query),
      label: resolved.label,
      variant: `${id}\n${resolved.query}`,
      kind: created ? ('created' as const) : ('predefined' as const),
    };
    // The narrowed document's self link is written with the placeholder origin, like the feed's.
    const selection = selectionOf(search, resolved.config, `${SELF_ORIGIN}${href.slice(located.origin.length)}`);
    const target: ReadTarget = { extension, origin, feed, byFormat: {}, ...(selection ? { selection } : {}) };
    if (!created) {
      if (knownUrls.size >= KNOWN_URLS) knownUrls.clear();
      knownUrls.set(href, target);
    }
    return target;
  }

  const reader: FeedReader = {
    knownTarget: (href) => knownUrls.get(href),
    requestFor: (target, format) => (target.byFormat[format] ??= { ...target.feed, format }),
    answer(target, format, request, entry, state, now, conditions, requestId) {
      if (target.selection) return answerSelected(target, format, entry, state, now, conditions, requestId);
      const forEntry = prepare(entry);
      const text = () => route.feedService.document(request, entry, format);
      const encoding = negotiateEncoding(conditions.acceptEncoding);
      const body = encoding === undefined ? null : compressedOf(forEntry, format, target.origin, encoding, text);
      const applied = body === null ? undefined : encoding;
      const headers: Record<string, string> = {
        ETag: encodedEtag(entry.etags[format], applied),
        'Last-Modified': forEntry.lastModified,
        'Cache-Control': cacheControlOf(forEntry, entry, now),
        'X-Cache': state,
        // Without an extension the representation depends on Accept too.
        Vary: target.extension ? VARY_ENCODING : VARY_BOTH,
      };
      if (isNotModified(conditions, entry.etags[format], entry.lastModified)) return responseWithAppHeaders(null, 304, headers, requestId);
      headers['Content-Type'] = FEED_CONTENT_TYPES[format];
      if (body !== null && applied !== undefined) {
        headers['Content-Encoding'] = applied;
        return responseWithAppHeaders(body, 200, headers, requestId);
      }
      return responseWithAppHeaders(bytesOf(forEntry, format, target.origin, text), 200, headers, requestId);
    },
  };

  function answerSelected(target: ReadTarget, format: FeedFormat, entry: CachedFeed, state: CacheState, now: number, conditions: Conditions, requestId: string): Response {
    const selection = target.selection!;
    const document = selectedDocument(route.deps.engine, entry, selection.items, selection.key, format, selection.selfUrl, new Date(now));
    const headers: Record<string, string> = {
      ETag: document.etag,
      'Last-Modified': prepare(entry).lastModified,
      'Cache-Control': cacheControlOf(prepare(entry), entry, now),
      'X-Cache': state,
    };
    if (!target.extension) headers['Vary'] = 'Accept';
    if (isNotModified(conditions, document.etag, entry.lastModified)) return responseWithAppHeaders(null, 304, headers, requestId);
    headers['Content-Type'] = FEED_CONTENT_TYPES[format];
    return responseWithAppHeaders(withOrigin(document.text, format, target.origin), 200, headers, requestId);
  }

  app.get(FEED_READ_ROUTE, async (context) => {
    const target = targetOf(context);
    const format = target.extension ?? negotiateFormat(listRequestHeader(context, 'accept'));
    const request = reader.requestFor(target, format);
    const acceptEncoding = listRequestHeader(context, 'accept-encoding');
    const answer = target.selection ? undefined : { origin: target.origin, encoding: negotiateEncoding(acceptEncoding) };
    const { entry, state } = await route.feedService.get(request, answer);
    const now = route.clock().getTime();
    const conditions = { ifNoneMatch: listRequestHeader(context, 'if-none-match'), ifModifiedSince: requestHeader(context, 'if-modified-since'), acceptEncoding };
    // Every header the app adds is in the answer (see `responseWithAppHeaders`).
    context.set('headersComplete', true);
    return reader.answer(target, format, request, entry, state, now, conditions, context.get('requestId'));
  });
  return reader;
}
