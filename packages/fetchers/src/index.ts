export * from './cache/index.js';
