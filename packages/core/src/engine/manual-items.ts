import type { FeedConfig } from '../contracts/config.js';
import type { SourceDocument } from '../contracts/document.js';
import { isFeedError } from '../contracts/errors.js';
import type { ItemDraft } from '../contracts/item.js';
import { extractItems } from '../extract/index.js';
import { isExtractionTimeout, type ExtractionDeadline } from './extraction-deadline.js';
import type { FeedWarning } from './types.js';

/**
 * Items from the configured selectors. A selector problem found only now (say, a selector that
 * cannot run on this page) becomes a warning: auto-source or the other parts may still give a feed.
 */
export function extractManualItems(document: SourceDocument, config: FeedConfig, locale: string | undefined, warnings: FeedWarning[], deadline?: ExtractionDeadline): ItemDraft[] {
  if (!config.selectors) return [];
  try {
    const result = extractItems(document, config.selectors, {
      baseUrl: document.url,
      timeZone: config.channel.time_zone,
      locale,
      ...(deadline ? { deadline } : {}),
    });
    warnings.push(...result.warnings);
    return result.drafts;
  } catch (error) {
    if (!isFeedError(error) || isExtractionTimeout(error)) throw error;
    warnings.push({ code: error.code, message: error.message, ...(error.path ? { path: error.path } : {}) });
    return [];
  }
}
