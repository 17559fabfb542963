import type { GenericSchema } from 'valibot';
import {
  ArticleSchema,
  CreatedFeedSchema,
  ErrorBodySchema,
  FeedListSchema,
  FeedSourceBody,
  HealthReportSchema,
  InstanceInfoSchema,
  PreviewSchema,
  ProbeSchema,
  SnapshotSchema,
} from './schemas.js';

/** One operation the app answers; the OpenAPI document is generated from this list. */
export interface Operation {
  readonly method: 'get' | 'post';
  /** OpenAPI path template (`{id}`), the same route the Hono app registers as `:id`. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly security?: 'accessToken' | 'healthCheckToken' | 'metricsToken';
  readonly parameters?: readonly { name: string; in: 'path' | 'query' | 'header'; description: string; required?: boolean }[];
  readonly requestBody?: GenericSchema;
  readonly responses: Readonly<Record<string, OperationResponse>>;
}

export interface OperationResponse {
  readonly description: string;
  readonly schema?: GenericSchema;
  readonly mediaTypes?: readonly string[];
  /** Response headers by name → description. */
  readonly headers?: Readonly<Record<string, string>>;
}

const error = (description: string, headers?: Record<string, string>): OperationResponse => ({ description, schema: ErrorBodySchema, ...(headers ? { headers } : {}) });
const rateLimited = error('rate limit reached', { 'Retry-After': 'seconds until the next window' });
const VALIDATORS = {
  ETag: 'hash of the item content in this format',
  'Last-Modified': 'when the item content last changed',
  'Cache-Control': 'freshness from channel.ttl, with stale-while-revalidate and stale-if-error',
  'X-Cache': 'fresh, stale, miss or stale-if-error',
};
const FEED_MEDIA_TYPES = ['application/rss+xml', 'application/atom+xml', 'application/feed+json'];

const creationErrors = {
  '400': error('invalid URL, body or strategy (InputInvalid, UnsupportedStrategy)'),
  '401': error('missing or invalid bearer token'),
  '403': error('feed creation disabled (AUTO_SOURCE_ENABLED=false), URL not allowed for the account, or a refused network address'),
  '413': error('request body over the limit'),
  '422': error('extraction failed: "No scrapers found" with class and hint, blocked surface, unsupported content type'),
  '429': rateLimited,
  '502': error('upstream or renderer failure'),
  '504': error('upstream timeout'),
};

export const OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/api/v1', operationId: 'getInstance', summary: 'Instance info: version, formats, strategies, feed creation on/off', tags: ['instance'], responses: { '200': { description: 'instance info', schema: InstanceInfoSchema } } },
  { method: 'get', path: '/api/v1/health/live', operationId: 'getLiveness', summary: 'Liveness probe: 200 while the process runs', tags: ['health'], responses: { '200': { description: 'alive', schema: ProbeSchema } } },
  { method: 'get', path: '/api/v1/health/ready', operationId: 'getReadiness', summary: 'Readiness probe: 200 when the configuration is loaded and valid', tags: ['health'], responses: { '200': { description: 'ready', schema: ProbeSchema }, '503': { description: 'configuration missing or invalid', schema: ProbeSchema } } },
  {
    method: 'get', path: '/api/v1/health', operationId: 'getHealth', summary: 'Health report for operators and uptime systems', tags: ['health'], security: 'healthCheckToken',
    responses: { '200': { description: 'health report', schema: HealthReportSchema }, '401': error('missing or invalid HEALTH_CHECK_TOKEN'), '403': error('HEALTH_CHECK_TOKEN is not set on the server'), '503': { description: 'health report with status down', schema: HealthReportSchema } },
  },
  { method: 'get', path: '/api/v1/feeds', operationId: 'listFeeds', summary: 'Predefined feeds of feeds.yml with their URLs per format', tags: ['feeds'], responses: { '200': { description: 'feeds', schema: FeedListSchema } } },
  { method: 'get', path: '/api/v1/feeds.opml', operationId: 'listFeedsOpml', summary: 'Predefined feeds as an OPML 2.0 subscription list (RSS links; feeds needing a parameter without default are left out)', tags: ['feeds'], responses: { '200': { description: 'OPML document', mediaTypes: ['text/x-opml'] } } },
  {
    method: 'get', path: '/api/v1/feeds/{id}', operationId: 'getFeed', summary: 'A feed document: a predefined feed by name, or a created feed by its token', tags: ['feeds'],
    parameters: [
      { name: 'id', in: 'path', required: true, description: 'feed name or created-feed token, optionally ending in .rss, .atom or .json; without an extension the Accept header decides (default RSS)' },
      { name: 'If-None-Match', in: 'header', description: 'ETag from an earlier response: 304 when unchanged' },
      { name: 'If-Modified-Since', in: 'header', description: 'Last-Modified from an earlier response: 304 when unchanged' },
      { name: 'include', in: 'query', description: 'repeatable: keep only items matching at least one entry, a word or phrase (case-insensitive, whole words) or /regex/flags (RE2 syntax, flags i m s); applied to the cached feed, no new fetch' },
      { name: 'exclude', in: 'query', description: 'repeatable: drop items matching any entry (same syntax as include)' },
      { name: 'fields', in: 'query', description: 'comma-separated item fields include/exclude search: title, summary, content, url, author, categories (default title,summary,content)' },
      { name: 'limit', in: 'query', description: 'at most this many items (1 to 10000), after filters' },
      { name: 'max_age', in: 'query', description: 'drop items published longer ago, e.g. 30d, 12h, 2w (units s m h d w); undated items stay' },
    ],
    responses: {
      '200': { description: 'the feed document', mediaTypes: FEED_MEDIA_TYPES, headers: VALIDATORS },
      '304': { description: 'not modified', headers: VALIDATORS },
      '400': error('a query parameter is not declared or does not match its pattern, or include/exclude/fields/limit/max_age is invalid; the message names the parameter (ParameterInvalid)'),
      '404': error('no such feed, or a token that is tampered with, foreign, or no longer allowed'),
      '422': error('extraction failed'), '429': rateLimited, '502': error('upstream or renderer failure'), '504': error('upstream timeout'),
    },
  },
  { method: 'post', path: '/api/v1/feeds', operationId: 'createFeed', summary: 'Create a feed from a URL, by auto-source or by the given selectors/items (validated like feeds.yml; generated once to check it works)', tags: ['feeds'], security: 'accessToken', requestBody: FeedSourceBody, responses: { '201': { description: 'created', schema: CreatedFeedSchema, headers: { Location: 'the RSS link of the new feed' } }, ...creationErrors } },
  { method: 'post', path: '/api/v1/preview', operationId: 'previewFeed', summary: 'Items and diagnostics for a URL without creating a feed', tags: ['feeds'], security: 'accessToken', requestBody: FeedSourceBody, responses: { '200': { description: 'preview', schema: PreviewSchema }, ...creationErrors } },
  { method: 'post', path: '/api/v1/article', operationId: 'extractArticle', summary: "One page's readable article, as full_text puts it in items (the web UI's full-text preview)", tags: ['feeds'], security: 'accessToken', requestBody: FeedSourceBody, responses: { '200': { description: 'the article (length 0: no article text on the page)', schema: ArticleSchema }, ...creationErrors } },
  {
    method: 'post', path: '/api/v1/snapshot', operationId: 'snapshotPage', summary: 'The page as an inert, script-free snapshot with auto-source\'s candidate lists, for picking items by clicking (selectors/items in the body are checked as for a preview, then not used)', tags: ['feeds'], security: 'accessToken', requestBody: FeedSourceBody,
    responses: { '200': { description: 'snapshot', schema: SnapshotSchema }, ...creationErrors, '422': error('the page is not HTML (UnsupportedResponseContentType) or a blocked surface; an auto-source failure is not an error here (auto_failure)') },
  },
  { method: 'get', path: '/api/v1/openapi.json', operationId: 'getOpenApi', summary: 'This document', tags: ['instance'], responses: { '200': { description: 'OpenAPI 3.1 document', mediaTypes: ['application/json'] } } },
  { method: 'get', path: '/metrics', operationId: 'getMetrics', summary: 'Prometheus metrics (bearer METRICS_TOKEN when it is set)', tags: ['operating'], security: 'metricsToken', responses: { '200': { description: 'Prometheus text format', mediaTypes: ['text/plain'] }, '401': error('missing or invalid METRICS_TOKEN') } },
  { method: 'get', path: '/', operationId: 'getWebUi', summary: 'The web UI (or instructions to build it)', tags: ['web'], responses: { '200': { description: 'HTML page', mediaTypes: ['text/html'] } } },
  {
    method: 'get', path: '/{asset}', operationId: 'getWebAsset', summary: 'Files of the web UI; unknown page paths get index.html', tags: ['web'],
    parameters: [{ name: 'asset', in: 'path', required: true, description: 'path of a file of apps/web/dist' }],
    responses: { '200': { description: 'the file', mediaTypes: ['text/html', 'text/javascript', 'text/css'] }, '404': error('no such file') },
  },
];
