import { FeedError, type FeedErrorCode } from '../contracts/errors.js';

/** One thing wrong with a configuration, at one path (`feeds.news.selectors.title.extractor`). */
export interface ConfigProblem {
  readonly path: string;
  readonly message: string;
  readonly code: Extract<FeedErrorCode, 'ConfigurationInvalid' | 'UnsupportedStrategy'>;
  /** The message is the reference's exact wording: shown alone, the path only in `error.path`. */
  readonly verbatim?: boolean;
}

export type PathSegment = string | number;

/** `['selectors', 'title', 'post_process', 0]` → `selectors.title.post_process[0]`. */
export function joinPath(base: string | undefined, ...segments: readonly PathSegment[]): string {
  let path = base ?? '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}

export function problem(path: string, message: string, code: ConfigProblem['code'] = 'ConfigurationInvalid'): ConfigProblem {
  return { path, message, code };
}

/**
 * All problems become one error: a single problem keeps its own message (so the reference's exact
 * wording survives) with its path in `error.path`; several are listed one per line.
 * `UnsupportedStrategy` wins the code when present, since the reference names it for that case.
 */
export function toConfigError(problems: readonly ConfigProblem[], root: string, source?: string): FeedError {
  const code = problems.some((entry) => entry.code === 'UnsupportedStrategy') ? 'UnsupportedStrategy' : 'ConfigurationInvalid';
  const where = source ? ` in ${source}` : '';
  const first = problems[0];
  const details = { problems: problems.map(({ path, message, code: problemCode }) => ({ path, message, code: problemCode })), ...(source ? { source } : {}) };
  if (problems.length === 1 && first) {
    if (first.verbatim || first.path === root || first.path === '') return new FeedError(code, first.message, { path: first.path, details });
    const message = `${first.path}: ${first.message}`;
    return new FeedError(code, source ? `${message} (${source})` : message, { path: first.path, details });
  }
  const lines = problems.map((entry) => `- ${entry.path || '(top level)'}: ${entry.message}`);
  return new FeedError(code, `Configuration${where} has ${problems.length} problems:\n${lines.join('\n')}`, {
    path: first?.path ?? root,
    details,
  });
}

/** The closest candidate within a small edit distance, for "did you mean" hints. */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const lowered = word.toLowerCase();
  for (const candidate of candidates) {
    const distance = editDistance(lowered, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const tolerance = Math.max(1, Math.floor(word.length / 3));
  return bestDistance <= tolerance ? best : undefined;
}

export function didYouMean(word: string, candidates: readonly string[]): string {
  const suggestion = closestName(word, candidates);
  return suggestion === undefined ? '' : ` Did you mean '${suggestion}'?`;
}

/** Edit distance counting a swap of two neighbours as one edit (`titel` → `title`). */
function editDistance(left: string, right: string): number {
  const rows: number[][] = [Array.from({ length: right.length + 1 }, (_, index) => index)];
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    const above = rows[row - 1] ?? [];
    for (let column = 1; column <= right.length; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min((above[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, (above[column - 1] ?? 0) + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        best = Math.min(best, (rows[row - 2]?.[column - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    rows.push(current);
  }
  return rows[left.length]?.[right.length] ?? 0;
}

/** How a received value reads in a message: `a number (5)`, `a list`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text "${value.length > 60 ? `${value.slice(0, 57)}...` : value}"`;
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'object') return 'a mapping';
  return typeof value;
}

export function quoteList(names: readonly string[]): string {
  return names.map((name) => `'${name}'`).join(', ');
}
