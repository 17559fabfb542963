import * as v from 'valibot';
import type { FeedFilters, FullTextConfig } from '../contracts/config.js';
import { DURATION_HINT, parseDuration } from '../filters/duration.js';
import { FILTER_FIELDS } from '../filters/filter-items.js';
import { compileFilterPattern, FilterPatternError } from '../filters/pattern.js';
import { compact } from './compact.js';
import { describeValue } from './problems.js';
import { closedObject, cssSelector, expected, flag, oneOf, positiveInteger } from './schema-fields.js';

/**
 * Feed keys beyond the teaser (issue #20): `full_text`, `filters`, `limit` and `max_age`. Kept out
 * of `schema.ts` so the base schema stays small; `schema.ts` spreads these entries in.
 */
export const DEFAULT_FULL_TEXT_ITEMS = 10;

const fullTextSchema = v.pipe(
  v.union(
    [
      flag(),
      closedObject({
        selector: v.optional(cssSelector('CSS selector of the article body on each item page, instead of the automatic extraction.')),
        max_items: v.optional(v.pipe(positiveInteger(), v.description(`Article pages fetched at most per refresh (default ${DEFAULT_FULL_TEXT_ITEMS}); cached ones do not count.`))),
        strategy: v.optional(v.pipe(oneOf(['plain', 'renderer'] as const, 'strategy'), v.description("Strategy for the article pages (default: the feed's)."))),
      }),
    ],
    expected('true, false or a mapping such as { max_items: 5 }'),
  ),
  v.description("Fetch each new item's page and put its readable article in the item's content (the teaser stays the summary)."),
  v.transform((value): FullTextConfig | undefined =>
    value === false ? undefined : value === true ? { max_items: DEFAULT_FULL_TEXT_ITEMS } : compact({ ...value, max_items: value.max_items ?? DEFAULT_FULL_TEXT_ITEMS }),
  ),
);

const filterEntry = v.pipe(
  v.string(expected('a word, a phrase or /regex/flags')),
  v.check((value) => patternProblem(value) === undefined, (issue) => patternProblem(String(issue.input)) ?? 'invalid filter'),
);

function patternProblem(value: string): string | undefined {
  try {
    compileFilterPattern(value);
    return undefined;
  } catch (error) {
    if (error instanceof FilterPatternError) return `filter entry ${JSON.stringify(value)} ${error.message}`;
    throw error;
  }
}

const filterList = (what: string) =>
  v.pipe(
    v.union([filterEntry, v.array(filterEntry, expected('a list of words, phrases or /regex/flags'))], expected('a word, a phrase, /regex/flags, or a list of them')),
    v.transform((value) => (typeof value === 'string' ? [value] : value)),
    v.description(what),
  );

const filtersSchema = v.pipe(
  closedObject({
    include: v.optional(filterList('Keep only items matching at least one entry: a word or phrase (case-insensitive, whole words) or /regex/flags (RE2, flags i m s).')),
    exclude: v.optional(filterList('Drop items matching any entry.')),
    fields: v.optional(
      v.pipe(
        v.array(oneOf(FILTER_FIELDS, 'filter field'), expected(`a list of fields: ${FILTER_FIELDS.join(', ')}`)),
        v.description('Item fields searched (default title, summary, content).'),
      ),
    ),
  }),
  v.description('Keep or drop items by words, phrases or regular expressions.'),
  v.transform((value): FeedFilters => compact(value)),
);

const maxAgeSchema = v.pipe(
  v.string(expected(`a duration such as 30d (${DURATION_HINT})`)),
  v.check((value) => parseDuration(value) !== undefined, (issue) => `${describeValue(issue.input)} is not a duration; ${DURATION_HINT}`),
  v.description('Drop items published longer ago than this, e.g. 30d, 12h or 2w; undated items stay.'),
  v.transform((value) => parseDuration(value) as number),
);

export const SELECTION_ENTRIES = {
  full_text: v.optional(fullTextSchema),
  filters: v.optional(filtersSchema),
  limit: v.optional(v.pipe(positiveInteger(), v.description('At most this many items (after filters).'))),
  max_age: v.optional(maxAgeSchema),
};
