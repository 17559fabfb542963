import * as v from 'valibot';

/**
 * Request and response schemas of the API. Request bodies are validated with them; the OpenAPI
 * document is generated from them, so the two cannot drift apart.
 */
export const MAX_URL_LENGTH = 2048;

export const StrategySchema = v.pipe(v.picklist(['plain', 'renderer']), v.description('fetch strategy; default plain'));

/**
 * Body of POST /feeds and POST /preview. Strict: a field not listed here is refused with 400
 * naming it (a misspelt key must not silently create a different feed). Accepting one more field
 * is one more entry here.
 */
export const FeedSourceBody = v.strictObject({
  url: v.pipe(v.string('a string is required'), v.minLength(1, 'it is empty'), v.maxLength(MAX_URL_LENGTH, `it is longer than ${MAX_URL_LENGTH} characters`), v.description('absolute http(s) URL of the page')),
  strategy: v.optional(StrategySchema),
  selectors: v.optional(
    v.pipe(
      v.record(v.string(), v.unknown()),
      v.description('a selectors feed instead of auto-source: the `selectors` mapping of feeds.yml (parts such as title, link, published_at; `items` may be inside), validated like feeds.yml; at most 4096 characters as JSON together with `items`'),
    ),
  ),
  items: v.optional(v.pipe(v.record(v.string(), v.unknown()), v.description('selectors.items given beside `selectors` (the capture shape), e.g. {"selector": "article"}'))),
});

export const ErrorBodySchema = v.object({
  error: v.object({
    code: v.pipe(v.string(), v.description('stable machine-readable code, e.g. NoScrapersFound')),
    message: v.string(),
    hint: v.optional(v.pipe(v.string(), v.description('how to fix it'))),
    class: v.optional(v.picklist(['blocked_surface', 'app_shell', 'unsupported_surface'])),
    path: v.optional(v.pipe(v.string(), v.description('configuration path of the problem'))),
    request_id: v.string(),
  }),
});

const FeedLinks = v.object({ rss: v.string(), atom: v.string(), json: v.string() });

const PreviewItem = v.object({
  title: v.optional(v.string()),
  url: v.optional(v.string()),
  description: v.optional(v.string()),
  image: v.optional(v.pipe(v.string(), v.description('absolute http(s) URL of the item picture'))),
  published_at: v.optional(v.pipe(v.string(), v.description('RFC 3339'))),
  guid: v.string(),
});

const WarningSchema = v.object({ code: v.string(), message: v.string(), path: v.optional(v.string()) });

export const CreatedFeedSchema = v.object({
  feed: v.object({
    id: v.string(),
    url: v.string(),
    strategy: StrategySchema,
    title: v.string(),
    created_at: v.pipe(v.string(), v.description('RFC 3339')),
    token: v.pipe(v.string(), v.description('signed feed definition; the credential in the feed URLs')),
    links: FeedLinks,
  }),
  preview: v.object({ items: v.array(PreviewItem) }),
  warnings: v.pipe(v.array(WarningSchema), v.description('what the engine noted while building the feed, as in a preview')),
});

export const PreviewSchema = v.object({
  items: v.array(PreviewItem),
  warnings: v.array(WarningSchema),
  diagnostics: v.pipe(v.record(v.string(), v.unknown()), v.description('strategy, scraper, candidates with scores, timings')),
  capture: v.optional(
    v.pipe(v.record(v.string(), v.unknown()), v.description('selectors of the winning candidate, ready for feeds.yml')),
  ),
  capture_yaml: v.optional(v.pipe(v.string(), v.description('the same as a feeds.yml snippet'))),
});

const SnapshotCandidate = v.object({
  scraper: v.string(),
  source: v.pipe(v.string(), v.description('where the list is, in the scraper\'s words')),
  score: v.number(),
  item_count: v.number(),
  items: v.pipe(v.string(), v.description('CSS selector of the candidate\'s items: the picker runs it in the snapshot to map a click to a candidate')),
  parts: v.pipe(v.record(v.string(), v.unknown()), v.description('selectors of the parts, relative to an item (feeds.yml shape)')),
});

export const SnapshotSchema = v.object({
  url: v.string(),
  final_url: v.pipe(v.string(), v.description('the address after redirects: the base of every link in html')),
  strategy: StrategySchema,
  title: v.string(),
  html: v.pipe(v.string(), v.description('the page as an inert document: no scripts, event handlers, frames, plugins or stylesheets links; links absolute; <img> addresses in data-pf-src (src only with SNAPSHOT_IMAGES=direct); removed elements leave <template data-pf-removed> so positions match the page; style attributes in data-pf-style')),
  styles: v.pipe(v.array(v.string()), v.description('the page\'s <style> texts without url(), @import or legacy script constructs; apply through the CSSOM')),
  images: v.pipe(v.picklist(['off', 'direct']), v.description('SNAPSHOT_IMAGES: whether pictures load from the page\'s hosts')),
  removed: v.pipe(v.record(v.string(), v.number()), v.description('what was taken out, by kind (script, stylesheet, image, event handler, …)')),
  candidates: v.pipe(v.array(SnapshotCandidate), v.description('auto-source\'s lists that selectors can reproduce, best first, with scores')),
  auto_failure: v.optional(v.pipe(v.record(v.string(), v.unknown()), v.description('why auto-source found no list ({code, message, class, hint}); the page is still returned for picking'))),
});

export const FeedListSchema = v.object({
  feeds: v.array(v.object({ name: v.string(), title: v.optional(v.string()), url: v.string(), parameters: v.array(v.string()), links: FeedLinks })),
});

export const InstanceInfoSchema = v.object({
  name: v.literal('pagefeed'),
  version: v.string(),
  formats: v.array(v.picklist(['rss', 'atom', 'json'])),
  strategies: v.pipe(v.array(v.string()), v.description("fetch strategies usable now: 'renderer' only while a rendering service answers")),
  renderer: v.object({
    status: v.pipe(v.picklist(['ok', 'down', 'not_configured']), v.description('whether the rendering service answers')),
    hint: v.optional(v.pipe(v.string(), v.description('what the operator does to get a renderer'))),
  }),
  feed_creation: v.boolean(),
  predefined_feeds: v.number(),
  links: v.record(v.string(), v.string()),
});

export const HealthReportSchema = v.object({
  status: v.pipe(v.picklist(['ok', 'degraded', 'down']), v.description('ok, degraded (a check is not ok) or down (configuration invalid)')),
  timestamp: v.pipe(v.string(), v.description('RFC 3339 time of the report')),
  environment: v.pipe(v.string(), v.description('NODE_ENV')),
  uptime: v.pipe(v.number(), v.description('seconds the process has been running')),
  checks: v.object({
    config: v.object({ status: v.picklist(['ok', 'down']), feeds: v.number(), message: v.optional(v.string()) }),
    cache: v.object({ status: v.picklist(['ok', 'degraded', 'down']), driver: v.string() }),
    renderer: v.object({ status: v.picklist(['ok', 'down', 'not_configured']) }),
  }),
});

export const ProbeSchema = v.object({ status: v.string(), message: v.optional(v.string()) });

/** POST /api/v1/article (issue #20): one page's readable article. */
export const ArticleSchema = v.object({
  url: v.pipe(v.string(), v.description('the page address after redirects')),
  title: v.optional(v.string()),
  byline: v.optional(v.string()),
  published: v.optional(v.string()),
  html: v.pipe(v.string(), v.description('sanitised article HTML, links and images absolute')),
  text: v.pipe(v.string(), v.description('the article as plain text; empty when the page holds no article text')),
  length: v.pipe(v.number(), v.description('characters of text')),
  method: v.pipe(v.picklist(['selector', 'scored', 'fallback']), v.description('how the body was found')),
});
