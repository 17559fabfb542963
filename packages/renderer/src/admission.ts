/**
 * At most `limit` sessions at once, at most `queueLimit` more waiting in order; beyond that the
 * caller is refused at once (HTTP 429), the way browserless answers when its queue is full.
 */
export interface Admission {
  /** Resolves with a release function, or undefined when the queue is full or `abandon` fires first. */
  enter(abandon: AbortSignal): Promise<(() => void) | undefined>;
  readonly active: () => number;
  readonly queued: () => number;
}

export function createAdmission(limit: number, queueLimit: number): Admission {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };
  const slot = () => {
    active += 1;
    let done = false;
    return () => {
      if (!done) {
        done = true;
        release();
      }
    };
  };
  return {
    enter(abandon) {
      if (active < limit) return Promise.resolve(slot());
      if (waiting.length >= queueLimit) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const turn = () => {
          abandon.removeEventListener('abort', leave);
          resolve(slot());
        };
        const leave = () => {
          const index = waiting.indexOf(turn);
          if (index >= 0) waiting.splice(index, 1);
          resolve(undefined);
        };
        waiting.push(turn);
        abandon.addEventListener('abort', leave, { once: true });
      });
    },
    active: () => active,
    queued: () => waiting.length,
  };
}
