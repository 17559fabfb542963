/**
 * The sliding-window estimate behind the rate limits. Counting in fixed one-minute windows lets a
 * client spend its limit at the end of one window and again at the start of the next (twice the
 * limit within a few seconds). So the count of the current window is added to the previous
 * window's count weighted by the share of that window still inside the last minute:
 *
 *   estimate = previous × (WINDOW − elapsed) / WINDOW + current
 *
 * and a request is admitted when `estimate + 1 ≤ limit`. It assumes the previous window's requests
 * were spread evenly; it needs two counters per client, not a timestamp per request. Everything is
 * done in whole milliseconds and integers (`previous × (WINDOW − elapsed)` stays far below 2^53
 * for any real limit), so the decision and the Retry-After derived from it cannot disagree by a
 * rounding error.
 */
export const WINDOW_MS = 60_000;

/**
 * Seconds a window-numbered counter must live: it is counted in during its own minute and read as
 * the previous window during the next one, so at most two minutes after its window began, plus a
 * second for clocks of several instances that disagree slightly.
 */
export const COUNTER_TTL_SECONDS = 2 * (WINDOW_MS / 1000) + 1;

/** The window `now` falls in. */
export const windowOf = (now: number): number => Math.floor(now / WINDOW_MS);

/** Whether one more request fits, `elapsed` ms into the current window. */
export function admits(limit: number, previous: number, current: number, elapsed: number): boolean {
  return previous * (WINDOW_MS - elapsed) <= (limit - 1 - current) * WINDOW_MS;
}

/**
 * How many ms from now until `admits` holds again, if nothing more is admitted meanwhile (0 when it
 * holds now). The estimate only falls as time passes, so from then on it holds.
 */
export function millisecondsUntilAdmitted(limit: number, previous: number, current: number, elapsed: number): number {
  if (admits(limit, previous, current, elapsed)) return 0;
  if (current <= limit - 1) {
    // Room in this window once the previous window's weight has fallen far enough: the first
    // `elapsed` with previous × (WINDOW − elapsed) ≤ (limit − 1 − current) × WINDOW. `previous` is
    // not 0 here (else it would fit now); at the latest that is the window's end.
    const fitsAt = WINDOW_MS - Math.floor(((limit - 1 - current) * WINDOW_MS) / previous);
    return fitsAt - elapsed;
  }
  // This window is full: in the next one, this window's count (then the previous) must have
  // weighed down to limit − 1; with a limit of 1, that is the start of the window after.
  const fitsAtInNext = WINDOW_MS - Math.floor(((limit - 1) * WINDOW_MS) / current);
  return WINDOW_MS - elapsed + fitsAtInNext;
}

/** `Retry-After`: whole seconds, rounded up so the retry is admitted, and at least 1. */
export function retryAfterSeconds(milliseconds: number): number {
  return Math.max(1, Math.ceil(milliseconds / 1000));
}

/** This process's counts, for the current and the previous window only. */
export interface LocalCounter {
  /** The counts of `subject` in `window` and the window before, moving on to `window` first. */
  previous(subject: string, window: number): number;
  current(subject: string, window: number): number;
  count(subject: string, window: number): void;
}

/**
 * Two maps: the current window's counts and the previous window's. When the window moves on by
 * one, the current map becomes the previous and the one before is dropped whole (it can never
 * weigh again), so memory is bounded by two minutes of clients, there is nothing to sweep and no
 * per-request walk over every client seen. A jump of more than a window (or a clock set back)
 * starts both afresh.
 */
export function createLocalCounter(): LocalCounter {
  let currentWindow = Number.NaN;
  let currentCounts = new Map<string, number>();
  let previousCounts = new Map<string, number>();
  const moveTo = (window: number): void => {
    if (window === currentWindow) return;
    previousCounts = window === currentWindow + 1 ? currentCounts : new Map();
    currentCounts = new Map();
    currentWindow = window;
  };
  return {
    previous(subject, window) {
      moveTo(window);
      return previousCounts.size === 0 ? 0 : (previousCounts.get(subject) ?? 0);
    },
    current(subject, window) {
      moveTo(window);
      return currentCounts.get(subject) ?? 0;
    },
    count(subject, window) {
      moveTo(window);
      currentCounts.set(subject, (currentCounts.get(subject) ?? 0) + 1);
    },
  };
}
