import { markCheckedDocument } from '../blocked/index.js';
import { MISSING_SOURCE_MESSAGE } from '../config/index.js';
import type { AutoSource, AutoSourceDiagnostics } from '../contracts/auto-source.js';
import type { FeedConfig } from '../contracts/config.js';
import type { SourceDocument } from '../contracts/document.js';
import { FeedError, isFeedError } from '../contracts/errors.js';
import type { FetchResult } from '../contracts/fetch.js';
import type { ItemDraft } from '../contracts/item.js';
import { toSourceDocument } from '../dom/parse.js';
import { normalizeItems } from '../items/normalize.js';
import { buildChannel } from './channel.js';
import { createExtractionDeadline, isExtractionTimeout, type ExtractionDeadline } from './extraction-deadline.js';
import { extractManualItems } from './manual-items.js';
import { followPagination } from './pagination.js';
import { checkSource, fetchSource, type SourceRequest } from './source.js';
import { nativeFeedItems } from './native-feed.js';
import { addFullText, type FullTextStep } from './full-text.js';
import { selectItems, selectsSomething, type ItemSelection } from '../filters/filter-items.js';
import type { FeedItem } from '../contracts/item.js';
import type { FeedWarning, GenerateDiagnostics, GenerateOptions, GenerateResult } from './types.js';

export interface GenerateStep {
  readonly config: FeedConfig;
  readonly options: GenerateOptions;
  readonly source: SourceRequest;
  readonly autoSource: AutoSource | undefined;
  /** Set when the configuration asks for `full_text`. */
  readonly fullText?: FullTextStep;
  readonly extractionTimeoutMs: number;
  readonly monotonicNow?: () => number;
}

/** One feed: source → document → items (selectors, auto-source, or both) → normalised feed. */
export async function generateFeed(step: GenerateStep): Promise<GenerateResult> {
  const { config, options } = step;
  const started = performance.now();
  const autoEnabled = config.auto_source?.enabled === true;
  if (!config.selectors && !autoEnabled) {
    throw new FeedError('ConfigurationInvalid', MISSING_SOURCE_MESSAGE, { hint: 'add selectors, or auto_source: { enabled: true }' });
  }
  if (autoEnabled && !step.autoSource) throw autoSourceUnavailable();
  let result: FetchResult;
  try {
    result = options.source ? checkSource(options.source) : await fetchSource(step.source, config.channel.url);
  } catch (error) {
    throw autoEnabled && !config.selectors ? inAutomaticMode(error) : error;
  }
  const fetched = performance.now();
  const deadline = createExtractionDeadline(step.extractionTimeoutMs, result.url, step.monotonicNow);
  const document = toSourceDocument(result);
  markCheckedDocument(document);
  const warnings: FeedWarning[] = [];
  const timeZone = config.channel.time_zone;
  const channel = buildChannel(config, document, options.selfUrl);
  if (document.kind === 'feed') {
    const native = nativeFeedItems(document, result.url, config, channel);
    const items = await finishItems(native.items, step, native.warnings as FeedWarning[]);
    const finished = performance.now();
    return {
      feed: { channel, items, stylesheets: config.stylesheets.map((stylesheet) => ({ ...stylesheet })) },
      warnings: native.warnings,
      diagnostics: {
        ...sourceDiagnostics(config, result, started, fetched, finished),
        itemCounts: { selectors: 0, autoSource: 0, total: native.items.length },
        nativeFeed: { format: document.format, version: document.version, entries: document.items.length + document.duplicateEntries },
      },
    };
  }
  const manual = config.selectors ? extractManualItems(document, config, channel.language, warnings, deadline) : [];
  deadline.check();
  manual.push(...(await deadline.excluding(() => followPagination(document, config, options.source ? undefined : step.source, channel.language, warnings))));
  deadline.check();
  const auto = autoEnabled && step.autoSource
    ? await runAutoSource(step, document, manual.length > 0, warnings, deadline)
    : { items: [] as ItemDraft[], diagnostics: undefined };
  deadline.check();
  const normalised = normalizeItems([...manual, ...auto.items], {
    deadline,
    baseUrl: document.url,
    selectorItems: manual.length,
    ...(timeZone ? { timeZone } : {}),
    ...(channel.language ? { locale: channel.language } : {}),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...pageModified(result.headers),
  });
  warnings.push(...normalised.warnings);
  const items = await finishItems(normalised.items, step, warnings);
  const finished = performance.now();
  return {
    feed: { channel, items, stylesheets: config.stylesheets.map((stylesheet) => ({ ...stylesheet })) },
    warnings,
    diagnostics: {
      ...sourceDiagnostics(config, result, started, fetched, finished),
      itemCounts: { selectors: manual.length, autoSource: auto.items.length, total: normalised.items.length },
      ...(auto.diagnostics ? { autoSource: auto.diagnostics } : {}),
    },
  };
}

/** `filters`, `max_age` and `limit` from the configuration, then `full_text` for the items kept. */
async function finishItems(items: readonly FeedItem[], step: GenerateStep, warnings: FeedWarning[]): Promise<readonly FeedItem[]> {
  const { config } = step;
  const selection: ItemSelection = {
    ...(config.filters ? { filters: config.filters } : {}),
    ...(config.limit === undefined ? {} : { limit: config.limit }),
    ...(config.max_age === undefined ? {} : { maxAgeSeconds: config.max_age }),
  };
  const kept = selectsSomething(selection) ? selectItems(items, selection) : items;
  return step.fullText ? addFullText(kept, step.fullText, warnings) : kept;
}

/**
 * Auto-source fills in after the manual items. With manual items present its failure is only a
 * warning; without them the failure ("No scrapers found" with its class) is the answer.
 */
async function runAutoSource(
  step: GenerateStep,
  document: SourceDocument,
  haveManualItems: boolean,
  warnings: FeedWarning[],
  deadline: ExtractionDeadline,
): Promise<{ items: ItemDraft[]; diagnostics: AutoSourceDiagnostics | undefined }> {
  const { config } = step;
  const timeZone = config.channel.time_zone;
  try {
    const result = await step.autoSource!.extract(document, {
      config,
      fetch: (url: string): Promise<FetchResult> => deadline.excluding(() => fetchSource(step.source, url)),
      ...(timeZone ? { timeZone } : {}),
      deadline,
    });
    return { items: [...result.items], diagnostics: result.diagnostics };
  } catch (error) {
    if (!haveManualItems || !isFeedError(error) || isExtractionTimeout(error)) throw error;
    warnings.push({ code: error.code, message: `auto_source found nothing to add: ${error.message}`, path: 'auto_source' });
    return { items: [], diagnostics: undefined };
  }
}

function sourceDiagnostics(config: FeedConfig, result: FetchResult, started: number, fetched: number, finished: number): Omit<GenerateDiagnostics, 'itemCounts'> {
  return {
    strategy: config.strategy,
    url: result.url,
    status: result.status,
    contentType: result.contentType,
    revalidated: result.revalidated === true,
    timings: { fetchMs: fetched - started, extractMs: finished - fetched, totalMs: finished - started },
  };
}

/**
 * In automatic mode the reference words a blocked page as "No scrapers found" of class "Blocked
 * surface likely" with its hint; the code stays `BlockedSurface` (selectors mode keeps the plain
 * "Blocked surface likely: …").
 */
function inAutomaticMode(error: unknown): unknown {
  if (!isFeedError(error) || error.code !== 'BlockedSurface' || error.message.startsWith('No scrapers found')) return error;
  return new FeedError('BlockedSurface', `No scrapers found: ${error.message}`, {
    class: 'blocked_surface',
    cause: error,
    ...(error.details ? { details: error.details } : {}),
  });
}

function autoSourceUnavailable(): FeedError {
  return new FeedError('AutoSourceUnavailable', 'auto_source is enabled in this configuration, but this engine has no auto-source', {
    path: 'auto_source.enabled',
    hint: "pass createAutoSource() from '@pagefeed/auto-source' to createEngine({ autoSource }), or give selectors and disable auto_source",
  });
}

/**
 * The page's HTTP `Last-Modified`, evidence for the year of dates it shows without one, and its
 * `Date`, when the response was served: the time its relative dates ("3 days ago") count from.
 */
function pageModified(headers: Readonly<Record<string, string>> | undefined): { pageModified?: number; pageServed?: number } {
  const time = (name: string) => {
    const value = headers?.[name];
    return value ? Date.parse(value) : Number.NaN;
  };
  const modified = time('last-modified');
  const served = time('date');
  return { ...(Number.isNaN(modified) ? {} : { pageModified: modified }), ...(Number.isNaN(served) ? {} : { pageServed: served }) };
}
