import { FeedError } from '../contracts/errors.js';
import { DURATION_HINT, parseDuration } from './duration.js';
import { FILTER_FIELDS, type FilterField, type ItemSelection } from './filter-items.js';
import { compileFilterPattern, FilterPatternError } from './pattern.js';

/** Query parameters that narrow any feed (they never reach a feed's own `parameters`). */
export const SELECTION_PARAMETERS: ReadonlySet<string> = new Set(['include', 'exclude', 'fields', 'limit', 'max_age']);
/** Most entries accepted per request for include and exclude together. */
const MAX_ENTRIES = 20;
const MAX_LIMIT = 10_000;

/**
 * The selection a feed URL's query asks for (`?include=word&include=/re/i&exclude=…&fields=title,url
 * &limit=10&max_age=7d`), each entry checked. A bad value is a `ParameterInvalid` error (400) that
 * names the parameter and says how to fix it. Returns undefined when the query selects nothing.
 */
export function selectionFromQuery(search: URLSearchParams): ItemSelection | undefined {
  const include = entries(search, 'include');
  const exclude = entries(search, 'exclude');
  if (include.length + exclude.length > MAX_ENTRIES) invalid('include', `gives ${include.length + exclude.length} include/exclude entries; at most ${MAX_ENTRIES} are accepted`, 'combine words into one /regex/');
  const fields = fieldsOf(search.getAll('fields'));
  const limit = search.get('limit');
  const maxAge = search.get('max_age');
  const selection: { -readonly [K in keyof ItemSelection]: ItemSelection[K] } = {};
  if (include.length > 0 || exclude.length > 0 || fields) {
    selection.filters = { ...(include.length ? { include } : {}), ...(exclude.length ? { exclude } : {}), ...(fields ? { fields } : {}) };
  }
  if (limit !== null) {
    if (!/^\d+$/.test(limit.trim()) || Number(limit) < 1 || Number(limit) > MAX_LIMIT) invalid('limit', `is ${JSON.stringify(limit)}, not a whole number from 1 to ${MAX_LIMIT}`, 'e.g. limit=10');
    selection.limit = Number(limit);
  }
  if (maxAge !== null) {
    const seconds = parseDuration(maxAge);
    if (seconds === undefined) invalid('max_age', `is ${JSON.stringify(maxAge)}, not a duration`, DURATION_HINT);
    selection.maxAgeSeconds = seconds;
  }
  return Object.keys(selection).length > 0 ? selection : undefined;
}

function entries(search: URLSearchParams, name: 'include' | 'exclude'): string[] {
  const values = search.getAll(name).filter((value) => value.trim() !== '');
  for (const value of values) {
    try {
      compileFilterPattern(value);
    } catch (error) {
      if (error instanceof FilterPatternError) invalid(name, `entry ${JSON.stringify(value)} ${error.message}`, 'give a word, a phrase or /regex/flags (RE2 syntax)');
      throw error;
    }
  }
  return values;
}

function fieldsOf(values: string[]): FilterField[] | undefined {
  const names = values.flatMap((value) => value.split(',')).map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  for (const name of names) {
    if (!(FILTER_FIELDS as readonly string[]).includes(name)) invalid('fields', `names the unknown field ${JSON.stringify(name)}`, `use ${FILTER_FIELDS.join(', ')}`);
  }
  return names as FilterField[];
}

function invalid(parameter: string, problem: string, hint: string): never {
  throw new FeedError('ParameterInvalid', `Query parameter '${parameter}' ${problem}.`, { path: parameter, hint, details: { parameter } });
}
