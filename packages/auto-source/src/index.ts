export { createAutoSource, type AutoSourceOptions } from './create-auto-source.js';
export { defaultTiers, type Tier } from './tiers.js';
export { findNativeFeeds } from './native-feeds.js';
export { appState } from './scrapers/app-state.js';
export { domHeuristics, rankDomCandidates } from './scrapers/dom-heuristics.js';
export { jsonDocument } from './scrapers/json-document.js';
export { jsonLd } from './scrapers/json-ld.js';
export { microdata } from './scrapers/microdata.js';
export { wordpressRest } from './scrapers/wordpress-rest.js';
