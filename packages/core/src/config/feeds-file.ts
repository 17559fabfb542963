import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import type { FeedConfig, FeedsFile } from '../contracts/config.js';
import { FeedError } from '../contracts/errors.js';
import { substituteEnvironment, type Environment } from './env.js';
import { issuesToProblems } from './issues.js';
import { mergeDefaults } from './merge-defaults.js';
import { collectFeedConfig, isMapping, parseFeedConfig } from './parse-feed-config.js';
import { describeValue, didYouMean, joinPath, problem, quoteList, toConfigError, type ConfigProblem } from './problems.js';
import { authSchema, DEFAULT_KEYS, FEED_NAME_PATTERN } from './schema-feeds-file.js';
import { parseYaml } from './yaml.js';
import { limitError } from './yaml-checks.js';
import { configLimits, type ConfigLimits } from './yaml-limits.js';

export interface LoadOptions {
  /** File name for messages (default `feeds.yml`). */
  readonly source?: string;
  /** Values for `${NAME}` references (default: the process environment). */
  readonly env?: Environment;
  /** Bounds on the file (default: `FEEDS_FILE_MAX_*` from `env`, else `DEFAULT_CONFIG_LIMITS`). */
  readonly limits?: Partial<ConfigLimits>;
}

/**
 * Loads a feeds.yml: YAML → `${ENV}` substitution → defaults merged into each feed → each feed
 * validated. Every problem in the file is reported in one error.
 */
export function loadFeedsFile(text: string, options: LoadOptions = {}): FeedsFile {
  const source = options.source ?? 'feeds.yml';
  const env = options.env ?? processEnvironment();
  const limits = configLimits(env, options.limits);
  const parsed = parseYaml(text, source, limits);
  if (parsed === null || parsed === undefined) return { feeds: {}, accounts: [], source };
  if (!isMapping(parsed)) {
    throw toConfigError([problem('', `expected a mapping with feeds: (and optional auth: and defaults), received ${describeValue(parsed)}`)], '', source);
  }
  const feedCount = isMapping(parsed['feeds']) ? Object.keys(parsed['feeds']).length : 0;
  if (feedCount > limits.maxFeeds) throw limitError(source, `it defines ${feedCount.toLocaleString('en-US')} feeds`, 'maxFeeds', limits.maxFeeds);
  const substituted = substituteEnvironment(parsed, env);
  const problems: ConfigProblem[] = [...substituted.problems];
  const { feeds: rawFeeds, auth: rawAuth, ...topLevel } = substituted.value as Record<string, unknown>;
  const defaults: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(topLevel)) {
    if (DEFAULT_KEYS.includes(key)) {
      defaults[key] = value;
      continue;
    }
    const allowed = ['feeds', 'auth', ...DEFAULT_KEYS];
    problems.push(problem(key, `unknown top-level key '${key}'.${didYouMean(key, allowed)} Top-level keys are feeds, auth, or defaults for every feed: ${quoteList(DEFAULT_KEYS)}.`));
  }
  const feeds: Record<string, FeedConfig> = {};
  if (rawFeeds !== undefined && rawFeeds !== null && !isMapping(rawFeeds)) {
    problems.push(problem('feeds', `expected a mapping of feed names to feed configurations, received ${describeValue(rawFeeds)}`));
  }
  for (const [name, entry] of Object.entries(isMapping(rawFeeds) ? rawFeeds : {})) {
    const path = joinPath('feeds', name);
    if (!FEED_NAME_PATTERN.test(name)) {
      problems.push(problem(path, `feed name '${name}' is invalid; use only letters, digits, - and _ (it becomes part of the feed URL)`));
      continue;
    }
    const result = collectFeedConfig(mergeDefaults(defaults, entry), path);
    problems.push(...result.problems);
    if (result.config) feeds[name] = result.config;
  }
  const accounts = parseAccounts(rawAuth, problems);
  if (problems.length > 0) throw toConfigError(problems, '', source);
  return { feeds, accounts, source };
}

/** Reads and loads a feeds.yml from disk. */
export async function loadFeedsFileFromPath(path: string, env?: Environment): Promise<FeedsFile> {
  return loadFeedsFile(await readConfigFile(path), { source: path, ...(env ? { env } : {}) });
}

/** One html2rss-style feed config file (no `feeds:`), with `${ENV}` substitution. */
export function loadFeedConfig(text: string, options: LoadOptions = {}): FeedConfig {
  const source = options.source ?? 'feed config';
  const env = options.env ?? processEnvironment();
  const substituted = substituteEnvironment(parseYaml(text, source, configLimits(env, options.limits)), env);
  if (substituted.problems.length > 0) throw toConfigError(substituted.problems, '', source);
  return parseFeedConfig(substituted.value, { source });
}

export async function loadFeedConfigFromPath(path: string, env?: Environment): Promise<FeedConfig> {
  return loadFeedConfig(await readConfigFile(path), { source: path, ...(env ? { env } : {}) });
}

async function readConfigFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? (error as Error).message})`;
    throw new FeedError('ConfigurationInvalid', `Configuration file ${path} ${reason}.`, {
      hint: 'create it (start from the example feeds.yml in the repository, see docs/configuration.md) or point FEEDS_FILE at an existing file',
      details: { source: path, missing: code === 'ENOENT' },
      cause: error,
    });
  }
}

function parseAccounts(rawAuth: unknown, problems: ConfigProblem[]): FeedsFile['accounts'] {
  if (rawAuth === undefined || rawAuth === null) return [];
  const result = v.safeParse(authSchema, rawAuth);
  if (!result.success) {
    problems.push(...issuesToProblems(result.issues, 'auth'));
    return [];
  }
  const seen = new Map<string, number>();
  result.output.forEach((account, index) => {
    const previous = seen.get(account.username);
    if (previous !== undefined) {
      problems.push(problem(joinPath('auth', 'accounts', index, 'username'), `duplicate username '${account.username}' (also at auth.accounts[${previous}]); usernames must be unique`));
    }
    seen.set(account.username, index);
  });
  return result.output;
}

function processEnvironment(): Environment {
  return (globalThis as { process?: { env?: Environment } }).process?.env ?? {};
}
