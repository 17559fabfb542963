export { createEngine } from './create-engine.js';
export { validateFeedConfig } from './validate.js';
export { checkSource, resolveStrategy } from './source.js';
export { DEFAULT_TTL_MINUTES } from './channel.js';
export { articleKey } from './full-text.js';
