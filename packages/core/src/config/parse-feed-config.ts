import * as v from 'valibot';
import type { FeedConfig } from '../contracts/config.js';
import { checkFeedConfig } from './checks.js';
import { issuesToProblems } from './issues.js';
import { describeValue, joinPath, problem, toConfigError, type ConfigProblem } from './problems.js';
import { feedConfigSchema } from './schema.js';

export const MISSING_SOURCE_MESSAGE = "Configuration must include at least 'selectors' or 'auto_source'";

export interface ParseFeedConfigOptions {
  /** Path of this config in its file, e.g. `feeds.news`; prefixes every problem path. */
  readonly path?: string;
  /** File name for messages. */
  readonly source?: string;
}

/**
 * Validates one html2rss-compatible feed config into `FeedConfig`. Every problem found is reported
 * in one `FeedError` (`ConfigurationInvalid`, or `UnsupportedStrategy` for a strategy other than
 * plain/renderer), each with the path of the bad key; `details.problems` lists them.
 */
export function parseFeedConfig(input: unknown, options: ParseFeedConfigOptions = {}): FeedConfig {
  const result = collectFeedConfig(input, options.path ?? '');
  if (result.problems.length > 0 || !result.config) throw toConfigError(result.problems, options.path ?? '', options.source);
  return result.config;
}

/** Like `parseFeedConfig`, but returns the problems instead of throwing (feeds files gather all feeds). */
export function collectFeedConfig(input: unknown, base: string): { config?: FeedConfig; problems: ConfigProblem[] } {
  const cleaned = withoutNulls(input, true);
  if (!isMapping(cleaned)) {
    return { problems: [problem(base, `expected a feed configuration (a mapping with channel and selectors or auto_source), received ${describeValue(cleaned)}`)] };
  }
  const problems: ConfigProblem[] = [];
  if (isMapping(cleaned) && cleaned['selectors'] === undefined && cleaned['auto_source'] === undefined) {
    problems.push({ ...problem(base, MISSING_SOURCE_MESSAGE), verbatim: true });
  }
  const result = v.safeParse(feedConfigSchema, cleaned);
  if (!result.success) {
    return { problems: [...problems, ...issuesToProblems(result.issues, base)] };
  }
  problems.push(...checkFeedConfig(result.output, base));
  return problems.length > 0 ? { problems } : { config: result.output, problems };
}

/**
 * YAML writes an empty value (`title:`) as null; html2rss treats it as absent, so do we. An empty
 * `auto_source:` means the user asked for automatic extraction.
 */
function withoutNulls(input: unknown, root = false): unknown {
  if (Array.isArray(input)) return input.map((entry) => withoutNulls(entry));
  if (!isMapping(input)) return input;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null) {
      if (root && key === 'auto_source') result[key] = true;
      continue;
    }
    // Post-processor options belong to the post-processor registry, which decides what null means.
    result[key] = key === 'post_process' ? value : withoutNulls(value);
  }
  return result;
}

export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export { joinPath };
