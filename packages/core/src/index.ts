export * from './contracts/index.js';
export { compileSelector, type CompiledSelector } from './dom/select.js';
export { parseHtml, parseHtmlSource, toSourceDocument } from './dom/parse.js';
export type * from './engine/types.js';
