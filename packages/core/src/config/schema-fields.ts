import * as v from 'valibot';
import { compileSelector } from '../dom/select.js';
import { describeValue, didYouMean, quoteList } from './problems.js';

/**
 * Building blocks shared by the config schemas. Messages are written for people editing YAML:
 * each says what was expected and what was found; the path is added when issues become problems.
 */
export const UNKNOWN_KEY_MARKER = '\u0000unknown-key\u0000';

type MessageIssue = { readonly input: unknown; readonly path?: readonly { readonly key: unknown; readonly origin?: string }[] | undefined };

export function expected(what: string) {
  return (issue: MessageIssue): string => {
    const last = issue.path?.at(-1);
    if (last?.origin === 'key' && issue.input === undefined) return `missing required key '${String(last.key)}'`;
    return `expected ${what}, received ${describeValue(issue.input)}`;
  };
}

/**
 * A mapping that rejects keys it does not know. `objectWithRest(…, never())` reports every unknown
 * key (strictObject stops at the first); the marker carries the allowed keys to the issue
 * translator, which knows the key name and adds a "did you mean".
 */
export function closedObject<const TEntries extends v.ObjectEntries>(entries: TEntries, what = 'a mapping (key: value)') {
  const schema = v.objectWithRest(entries, v.never(`${UNKNOWN_KEY_MARKER}${JSON.stringify(Object.keys(entries))}`), expected(what));
  // Typed as a strict object: the `never` rest only adds an index signature TypeScript trips over.
  return schema as unknown as v.StrictObjectSchema<TEntries, ReturnType<typeof expected>>;
}

export function text(what = 'a string') {
  return v.string(expected(what));
}

export function nonEmptyText(what = 'a string') {
  return v.pipe(
    v.string(expected(what)),
    v.check((value) => value.trim() !== '', 'must not be empty'),
  );
}

export function flag() {
  return v.boolean(expected('true or false'));
}

export function positiveInteger(what = 'a whole number of at least 1') {
  return v.pipe(v.number(expected(what)), v.integer(expected(what)), v.minValue(1, expected(what)));
}

export function nonNegativeInteger(what = 'a whole number of at least 0') {
  return v.pipe(v.number(expected(what)), v.integer(expected(what)), v.minValue(0, expected(what)));
}

export function positiveNumber(what = 'a number greater than 0') {
  return v.pipe(v.number(expected(what)), v.gtValue(0, expected(what)));
}

/** One of a fixed list; a near miss gets a suggestion. */
export function oneOf<const TOptions extends readonly string[]>(options: TOptions, label: string) {
  return v.picklist(options, (issue) =>
    typeof issue.input === 'string'
      ? `unknown ${label} "${issue.input}"; use one of ${quoteList(options)}.${didYouMean(issue.input, options)}`
      : `expected one of ${quoteList(options)}, received ${describeValue(issue.input)}`,
  );
}

/** A CSS selector; compiled now so a typo fails at load time, not at the first fetch. */
export function cssSelector(description: string) {
  return v.pipe(
    v.string(expected('a CSS selector string')),
    v.check((value) => value.trim() !== '', 'must not be empty: give a CSS selector such as "article" or ".post a"'),
    v.check((value) => cssProblem(value) === undefined, (issue) => cssProblem(String(issue.input)) ?? 'invalid CSS selector'),
    v.description(description),
  );
}

function cssProblem(selector: string): string | undefined {
  if (selector.trim() === '') return undefined; // reported as empty by the check before
  try {
    compileSelector(selector);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return `invalid CSS selector "${selector}" (${reason}); fix the selector and test it in the browser console with document.querySelectorAll(...)`;
  }
}
