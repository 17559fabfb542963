import { FeedError, isFeedError } from '../contracts/errors.js';

/**
 * A per-feed time budget for extraction (parsing aside: everything after the page arrived,
 * selectors, auto-source, normalising). Extraction runs on the caller's thread, so it cannot be
 * stopped from outside; instead its loops call `check()`, which throws `ExtractionTimeout` once
 * the budget is spent. Time spent waiting for follow-up fetches (pagination, WordPress REST) is
 * not counted (`excluding`): those have their own fetch time-outs.
 *
 * A worker pool that terminates a runaway worker (the server's part) reuses the same error
 * (`extractionTimeout`), so a reader sees one code whichever way the budget ran out.
 */
export const DEFAULT_EXTRACTION_TIMEOUT_MS = 10_000;

/** The environment variable the server and the CLI read the budget from, in seconds. */
export const EXTRACTION_TIMEOUT_VARIABLE = 'EXTRACTION_TIMEOUT_SECONDS';

export interface ExtractionDeadline {
  readonly budgetMs: number;
  /** Throws `ExtractionTimeout` when the budget is spent. Cheap: call it once per item or node batch. */
  check(): void;
  /** Runs `task` (a fetch) without counting its time against the budget. */
  excluding<T>(task: () => Promise<T>): Promise<T>;
}

/** A deadline that never runs out (library callers that pass `extractionTimeoutMs: 0`). */
export const NO_DEADLINE: ExtractionDeadline = { budgetMs: Number.POSITIVE_INFINITY, check: () => undefined, excluding: (task) => task() };

export function createExtractionDeadline(budgetMs: number, url: string, now: () => number = () => performance.now()): ExtractionDeadline {
  if (!(budgetMs > 0) || !Number.isFinite(budgetMs)) return NO_DEADLINE;
  let endsAt = now() + budgetMs;
  return {
    budgetMs,
    check() {
      if (now() > endsAt) throw extractionTimeout(budgetMs, url);
    },
    async excluding(task) {
      const started = now();
      try {
        return await task();
      } finally {
        endsAt += now() - started;
      }
    },
  };
}

/** The error of a spent budget: names the budget, the page and how to raise it. */
export function extractionTimeout(budgetMs: number, url: string): FeedError {
  const seconds = budgetMs / 1000;
  return new FeedError('ExtractionTimeout', `Extracting items from ${url} took longer than its budget of ${seconds} s and was stopped.`, {
    hint: `the page may be unusually large or complex: narrow items.selector or use a more specific listing URL; or raise the budget with ${EXTRACTION_TIMEOUT_VARIABLE}=<seconds> (server and CLI) or createEngine({ extractionTimeoutMs })`,
    details: { budgetMs, url },
  });
}

export function isExtractionTimeout(error: unknown): boolean {
  return isFeedError(error) && error.code === 'ExtractionTimeout';
}

/** Seconds from the environment as milliseconds; the default when unset; an error naming the variable when not a positive number. */
export function extractionTimeoutFromEnvironment(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_EXTRACTION_TIMEOUT_MS;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new FeedError('ConfigurationInvalid', `${EXTRACTION_TIMEOUT_VARIABLE} must be a positive number of seconds, not '${text}'`, {
      path: EXTRACTION_TIMEOUT_VARIABLE,
      hint: `write e.g. ${EXTRACTION_TIMEOUT_VARIABLE}=10, or leave it unset for ${DEFAULT_EXTRACTION_TIMEOUT_MS / 1000} s`,
    });
  }
  return Math.round(seconds * 1000);
}
