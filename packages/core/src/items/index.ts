export { rememberFragmentNodes, sanitizeItemHtml } from './sanitize.js';
export { normalizeItems, type NormalizeOptions, type NormalizeResult } from './normalize.js';
export { canonicalUrl, isTrackingParameter } from './canonical-url.js';
export { markPlainText, type TextField } from './plain-text.js';
export { createCacheFirstSeen, createMemoryFirstSeen, firstSeenKey, mergeFirstSeen, queuedByFeed, stampFirstSeen, FIRST_SEEN_LIMIT, FIRST_SEEN_TTL_SECONDS, type FirstSeenRecord } from './first-seen.js';
