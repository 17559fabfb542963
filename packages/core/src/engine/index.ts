export { createEngine } from './create-engine.js';
export { validateFeedConfig } from './validate.js';
export { checkSource, resolveStrategy } from './source.js';
export { DEFAULT_TTL_MINUTES } from './channel.js';
export { articleKey } from './full-text.js';
export {
  createExtractionDeadline,
  DEFAULT_EXTRACTION_TIMEOUT_MS,
  EXTRACTION_TIMEOUT_VARIABLE,
  extractionTimeout,
  extractionTimeoutFromEnvironment,
  isExtractionTimeout,
  NO_DEADLINE,
  type ExtractionDeadline,
} from './extraction-deadline.js';
