import type { Document } from 'domhandler';
import { attribute, rawText, scriptsOf } from './dom.js';
import { isRecord, parseLenient } from './json.js';

/** The page's JSON-LD nodes, kept on its document (not in a weak map keyed by it: see `scanPage` in `dom.ts`). */
const JSON_LD = Symbol('pagefeed.autoSource.jsonLd');
type ParsedDocument = Document & { [JSON_LD]?: readonly Record<string, unknown>[] };

/**
 * Every JSON-LD node of the page (arrays and `@graph` flattened), in document order. Parsed once
 * per page: the JSON-LD tier and the single-article check both read them (neither changes them).
 */
export function jsonLdNodes(document: Document): readonly Record<string, unknown>[] {
  let nodes = (document as ParsedDocument)[JSON_LD];
  if (nodes === undefined) {
    nodes = parseJsonLd(document);
    (document as ParsedDocument)[JSON_LD] = nodes;
  }
  return nodes;
}

function parseJsonLd(document: Document): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  for (const script of scriptsOf(document)) {
    if ((attribute(script, 'type') ?? '').toLowerCase() !== 'application/ld+json') continue;
    const parsed = parseLenient(rawText(script));
    // A queue read by position (shifting an array moves every element each time).
    const queue: unknown[] = [parsed];
    let budget = 10_000;
    for (let next = 0; next < queue.length && budget > 0; next += 1) {
      budget -= 1;
      const value = queue[next];
      if (Array.isArray(value)) queue.push(...value.slice(0, 1_000));
      else if (isRecord(value)) {
        nodes.push(value);
        if (Array.isArray(value['@graph'])) queue.push(...value['@graph'].slice(0, 1_000));
      }
    }
  }
  return nodes;
}

export function typesOf(node: Record<string, unknown>): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((value): value is string => typeof value === 'string').map((value) => value.replace(/^.*[/#]/, ''));
}

export const ARTICLE_TYPES = new Set([
  'Article', 'NewsArticle', 'BlogPosting', 'TechArticle', 'ScholarlyArticle', 'Report', 'SocialMediaPosting', 'LiveBlogPosting',
  'AnalysisNewsArticle', 'OpinionNewsArticle', 'ReportageNewsArticle', 'ReviewNewsArticle', 'BackgroundNewsArticle', 'Review', 'VideoObject', 'PodcastEpisode', 'Episode', 'Event', 'Recipe', 'JobPosting', 'Product', 'CreativeWork', 'WebPage',
]);
