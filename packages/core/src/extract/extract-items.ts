import type { Element } from 'domhandler';
import type { SelectorsConfig } from '../contracts/config.js';
import type { SourceDocument } from '../contracts/document.js';
import type { ItemDraft } from '../contracts/item.js';
import type { FeedWarning } from '../engine/types.js';
import { assertTimeZone } from '../time/time-zone.js';
import { compiledSelectorsConfig, type CompiledSelectors } from './compile.js';
import { buildDraft } from './draft.js';
import { jsonToDocument } from './json-document.js';
import { createPartResolver } from './resolve-item.js';
import { collapseWarnings, emptyPartWarning, noItemsWarning, selectorsOnFeedWarning } from './warnings.js';

export interface ExtractOptions {
  /** Base for relative links: the page URL, or its `<base href>`. */
  readonly baseUrl: string;
  /** The channel's `time_zone` (IANA); dates without an offset are read in it. Default UTC. */
  readonly timeZone?: string | undefined;
  /** The channel's language; orders ambiguous numeric dates ("03/05/2024"). */
  readonly locale?: string | undefined;
  /** Configuration path of the `selectors` block, for messages. Default `selectors`. */
  readonly path?: string | undefined;
  /** Reference time for relative dates. Default: now. */
  readonly now?: Date | undefined;
  /** The feed's extraction budget: checked once per item (`ExtractionTimeout` when spent). */
  readonly deadline?: { check(): void } | undefined;
}

export interface ExtractResult {
  readonly drafts: ItemDraft[];
  readonly warnings: FeedWarning[];
}

/**
 * Items from a page with a `selectors` config. Configuration mistakes (invalid CSS, unknown
 * extractor or post-processor, bad options) throw `ConfigurationInvalid` with their path; every
 * problem with the page's data becomes a warning and never fails the feed.
 */
export function extractItems(document: SourceDocument, selectors: SelectorsConfig | CompiledSelectors, options: ExtractOptions): ExtractResult {
  const path = options.path ?? 'selectors';
  if (options.timeZone !== undefined) assertTimeZone(options.timeZone, 'channel.time_zone');
  const compiled = 'reverse' in selectors ? selectors : compiledSelectorsConfig(selectors, path);
  if (document.kind === 'feed') return { drafts: [], warnings: [selectorsOnFeedWarning(document.url, path)] };
  const json = document.kind === 'json';
  const root = document.kind === 'json' ? jsonToDocument(document.data) : document.document;
  const elements: Element[] = compiled.items.selectAll(root);
  if (compiled.reverse) elements.reverse();
  if (elements.length === 0) return { drafts: [], warnings: [noItemsWarning(compiled.items.source, `${compiled.path}.items.selector`)] };

  const warnings: FeedWarning[] = [];
  const found = new Set<string>();
  const evaluated = new Set<string>();
  const drafts: ItemDraft[] = [];
  elements.forEach((element, index) => {
    options.deadline?.check();
    // Written out, not spread from a shared object: spreading it made V8 build these scopes in a
    // slow dictionary form, and every part lookup paid for it (5× the whole extraction time).
    const { baseUrl, timeZone, locale, now } = options;
    const resolver = createPartResolver({ compiled, index, baseUrl, timeZone, locale, now, warnings, element, json, found, evaluated, sanitised: [], lastSearch: undefined });
    const draft = buildDraft({ compiled, index, baseUrl, timeZone, locale, now, warnings, resolve: resolver.resolve, evaluate: resolver.evaluate, sanitised: resolver.sanitised });
    if (Object.keys(draft).length > 0) drafts.push(draft);
  });
  for (const name of evaluated) {
    if (found.has(name)) continue;
    const part = name === 'enclosure' ? compiled.enclosure : compiled.parts.get(name);
    if (part) warnings.push(emptyPartWarning(name, part.path, elements.length));
  }
  return { drafts, warnings: collapseWarnings(warnings) };
}
