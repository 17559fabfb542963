export { extractItems, type ExtractOptions, type ExtractResult } from './extract-items.js';
export { compileSelectorsConfig, type CompiledPart, type CompiledSelectors } from './compile.js';
export { builtinExtractors, textOf, type Extractor, type ExtractorInput } from './extractors.js';
export { jsonToDocument, elementNameForKey } from './json-document.js';
export { EMPTY_FEED_CAUSES, MISSING_PART_CAUSES } from './warnings.js';
