export * from './auto-source.js';
export * from './cache.js';
export * from './config.js';
export * from './document.js';
export * from './errors.js';
export * from './fetch.js';
export * from './item.js';
export * from './first-seen.js';
