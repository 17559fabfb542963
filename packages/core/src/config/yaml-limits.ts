import type { Environment } from './env.js';

/**
 * Bounds on a configuration file, so a hostile or broken file ends in a `ConfigurationInvalid`
 * naming the limit instead of exhausting memory, the stack or minutes of CPU. The defaults leave
 * room for far larger files than anyone writes by hand (50,000 feeds fit); each can be raised with
 * its environment variable (or `LoadOptions.limits` for library users).
 */
export interface ConfigLimits {
  /** Size of the file in bytes. */
  readonly maxBytes: number;
  /** Nesting of mappings and lists (flow `[` `{` and block indentation alike). */
  readonly maxDepth: number;
  /** `*alias` references in the file. */
  readonly maxAliases: number;
  /** Nodes once every alias is expanded (stops "billion laughs" files). */
  readonly maxNodes: number;
  /** Entries under `feeds:`. */
  readonly maxFeeds: number;
}

export const DEFAULT_CONFIG_LIMITS: ConfigLimits = {
  maxBytes: 8 * 1024 * 1024,
  maxDepth: 64,
  maxAliases: 1_000,
  maxNodes: 2_000_000,
  maxFeeds: 100_000,
};

/** The environment variable that raises each limit. */
export const CONFIG_LIMIT_VARIABLES: Readonly<Record<keyof ConfigLimits, string>> = {
  maxBytes: 'FEEDS_FILE_MAX_BYTES',
  maxDepth: 'FEEDS_FILE_MAX_DEPTH',
  maxAliases: 'FEEDS_FILE_MAX_ALIASES',
  maxNodes: 'FEEDS_FILE_MAX_NODES',
  maxFeeds: 'FEEDS_FILE_MAX_FEEDS',
};

/** Limits from explicit options, else the environment, else the defaults. */
export function configLimits(env: Environment | undefined, given: Partial<ConfigLimits> = {}): ConfigLimits {
  const read = (key: keyof ConfigLimits): number => {
    if (given[key] !== undefined) return given[key];
    const raw = env?.[CONFIG_LIMIT_VARIABLES[key]]?.trim();
    const value = raw ? Number(raw) : Number.NaN;
    return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_CONFIG_LIMITS[key];
  };
  return { maxBytes: read('maxBytes'), maxDepth: read('maxDepth'), maxAliases: read('maxAliases'), maxNodes: read('maxNodes'), maxFeeds: read('maxFeeds') };
}

/** "…; raise it with FEEDS_FILE_MAX_DEPTH=<n> if …" */
export function howToRaise(key: keyof ConfigLimits, value: number): string {
  return `the limit is ${value.toLocaleString('en-US')}; raise it with ${CONFIG_LIMIT_VARIABLES[key]}=<number> if the file is meant to be like this`;
}

/** Keys that would reach an object's prototype when a configuration becomes plain objects. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
