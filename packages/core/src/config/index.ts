export { parseFeedConfig, MISSING_SOURCE_MESSAGE, type ParseFeedConfigOptions } from './parse-feed-config.js';
export { loadFeedsFile, loadFeedsFileFromPath, loadFeedConfig, loadFeedConfigFromPath, type LoadOptions } from './feeds-file.js';
export { applyParameters } from './parameters.js';
export { feedConfigJsonSchema, feedsFileJsonSchema } from './json-schema.js';
export { feedConfigSchema, STRATEGY_NAMES, STYLESHEET_TYPES } from './schema.js';
export { EXTRACTOR_NAMES } from './schema-selectors.js';
export { substituteEnvironment, type Environment } from './env.js';
export { mergeDefaults } from './merge-defaults.js';
export type { ConfigProblem } from './problems.js';
