import type * as v from 'valibot';
import { closestName, describeValue, didYouMean, joinPath, problem, quoteList, type ConfigProblem, type PathSegment } from './problems.js';
import { UNKNOWN_KEY_MARKER } from './schema-fields.js';

type Issue = v.BaseIssue<unknown>;

/** valibot issues → problems with dotted paths under `base`, each message written for a person. */
export function issuesToProblems(issues: readonly Issue[], base: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    for (const entry of translate(issue, base, [])) {
      const key = `${entry.path}\u0000${entry.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(entry);
    }
  }
  return problems;
}

function translate(issue: Issue, base: string, prefix: readonly PathSegment[]): ConfigProblem[] {
  const segments = [...prefix, ...(issue.path ?? []).map((item) => item.key as PathSegment)];
  if (issue.type === 'union' && issue.issues?.length) return translateUnion(issue, base, segments);
  if (issue.message.startsWith(UNKNOWN_KEY_MARKER)) return [unknownKey(issue, base, segments)];
  const path = joinPath(base, ...segments);
  if (isMissingKey(issue)) return [problem(path, `${issue.message}${misspelledAs(issue)}`)];
  const code = segments.length === 1 && segments[0] === 'strategy' ? 'UnsupportedStrategy' : 'ConfigurationInvalid';
  return [problem(path, issue.message, code)];
}

/**
 * A union fails as a whole when no option fits. When the input had the right shape for an option
 * (a mapping for the mapping option), that option's own issues are the useful ones; when it fits
 * none, the union's message ("expected X, received Y") says it all.
 */
function translateUnion(issue: Issue, base: string, segments: readonly PathSegment[]): ConfigProblem[] {
  const shape = Array.isArray(issue.input) ? 'array' : 'object';
  // valibot treats a list as an object too; only the issues of the option matching the input's shape help.
  const nested = (issue.issues ?? []).filter((inner) => inner.path?.[0]?.type === shape);
  if (nested.length === 0) return [problem(joinPath(base, ...segments), issue.message)];
  return nested.flatMap((inner) => translate(inner, base, segments));
}

function unknownKey(issue: Issue, base: string, segments: readonly PathSegment[]): ConfigProblem {
  const known = JSON.parse(issue.message.slice(UNKNOWN_KEY_MARKER.length)) as string[];
  const container = issue.path?.at(-1)?.input;
  if (Array.isArray(container)) {
    return problem(joinPath(base, ...segments.slice(0, -1)), `expected a mapping (key: value), received ${describeValue(container)}`);
  }
  const key = String(segments.at(-1));
  return problem(joinPath(base, ...segments), `unknown key '${key}'.${didYouMean(key, known)} Allowed keys here: ${quoteList(known)}.`);
}

function isMissingKey(issue: Issue): boolean {
  return issue.input === undefined && issue.path?.at(-1)?.origin === 'key';
}

/** A required key is often there under a near spelling (`item:` for `items:`). */
function misspelledAs(issue: Issue): string {
  const last = issue.path?.at(-1);
  const container = last?.input;
  if (typeof container !== 'object' || container === null || Array.isArray(container)) return '';
  const missing = String(last?.key);
  const near = closestName(missing, Object.keys(container).filter((key) => key !== missing));
  return near === undefined ? '' : ` (found '${near}': a misspelling of '${missing}'?)`;
}
