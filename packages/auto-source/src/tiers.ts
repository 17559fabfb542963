import type { Scraper } from '@pagefeed/core';
import { appState } from './scrapers/app-state.js';
import { domHeuristics } from './scrapers/dom-heuristics.js';
import { jsonDocument } from './scrapers/json-document.js';
import { jsonLd } from './scrapers/json-ld.js';
import { microdata } from './scrapers/microdata.js';
import { wordpressRest } from './scrapers/wordpress-rest.js';

export interface Tier {
  readonly scraper: Scraper;
  /** Fewest items for this tier to win; below it the cascade moves on. */
  readonly minItems: number;
  /** Lowest winning candidate score (DOM heuristics only: structured data is trusted as is). */
  readonly minScore?: number;
  /** Re-checks an earlier winner: a list twice as long that contains it wins (partial structured data). */
  readonly overridesShorterLists?: boolean;
}

/**
 * The cascade, cheapest and most certain first. Native feed links are read before it, as a hint.
 * `createAutoSource` runs app-state after dom unless `renderedOverAppState: false` (tenth session).
 */
export const defaultTiers: readonly Tier[] = [
  { scraper: jsonDocument, minItems: 1 },
  { scraper: jsonLd, minItems: 3 },
  { scraper: microdata, minItems: 3 },
  { scraper: appState, minItems: 3 },
  { scraper: wordpressRest, minItems: 3 },
  { scraper: domHeuristics, minItems: 3, minScore: 8, overridesShorterLists: true },
];
