import { FEED_ERROR_CODES, isFeedError, type Engine, type FeedConfig, type FeedFormat, type FetchResult, type GenerateResult } from '@pagefeed/core';
import { findExecutableHtml } from './html-safety.js';
import type { DocumentToCheck } from './well-formed.js';

/**
 * Runs one generation against a budget and classifies the outcome: a feed, a FeedError with a
 * known code, or a failure of the property (another exception, or no answer within the budget).
 */
export const RUN_BUDGET_MS = 10_000;
const KNOWN_CODES = new Set<string>(FEED_ERROR_CODES);

export type Outcome = { kind: 'feed'; result: GenerateResult } | { kind: 'refused'; code: string };

export async function generateWithinBudget(engine: Engine, config: FeedConfig, source: FetchResult): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`engine.generate did not settle within ${RUN_BUDGET_MS} ms`)), RUN_BUDGET_MS);
  });
  try {
    const result = await Promise.race([engine.generate(config, { source }), budget]);
    return { kind: 'feed', result };
  } catch (error) {
    if (isFeedError(error) && KNOWN_CODES.has(error.code)) return { kind: 'refused', code: error.code };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const FORMATS: readonly FeedFormat[] = ['rss', 'atom', 'json'];

/**
 * Renders every format (collecting the documents for one batched well-formedness check) and
 * returns what in the items' HTML could execute.
 */
export function renderAndInspect(engine: Engine, result: GenerateResult, documents: DocumentToCheck[]): string[] {
  const findings: string[] = [];
  for (const format of FORMATS) {
    const text = engine.render(result.feed, format);
    documents.push({ kind: format === 'json' ? 'json' : 'xml', text });
    if (format === 'json') {
      const parsed = JSON.parse(text) as { items?: Array<{ content_html?: string; summary?: string }> };
      for (const item of parsed.items ?? []) findings.push(...findExecutableHtml(item.content_html ?? ''));
    }
  }
  for (const item of result.feed.items) {
    findings.push(...findExecutableHtml(item.description ?? ''), ...findExecutableHtml(item.content ?? ''));
  }
  return findings;
}
