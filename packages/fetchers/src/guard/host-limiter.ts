/**
 * At most `limit` requests in flight per host, so one feed with many pages (or many feeds on one
 * site) does not hammer a source. Waiters are served first come, first served; a waiter whose
 * signal aborts leaves the queue.
 */
export interface HostLimiter {
  acquire(host: string, signal: AbortSignal): Promise<() => void>;
}

export function createHostLimiter(limit: number): HostLimiter {
  const active = new Map<string, number>();
  const queues = new Map<string, Array<() => void>>();

  function release(host: string): void {
    const next = queues.get(host)?.shift();
    if (next) return next();
    const count = (active.get(host) ?? 1) - 1;
    if (count <= 0) active.delete(host);
    else active.set(host, count);
    if (queues.get(host)?.length === 0) queues.delete(host);
  }

  function lease(host: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release(host);
    };
  }

  return {
    acquire(host, signal) {
      const count = active.get(host) ?? 0;
      if (count < limit) {
        active.set(host, count + 1);
        return Promise.resolve(lease(host));
      }
      return new Promise((resolve, reject) => {
        const queue = queues.get(host) ?? [];
        queues.set(host, queue);
        const turn = () => {
          signal.removeEventListener('abort', onAbort);
          resolve(lease(host));
        };
        const onAbort = () => {
          const index = queue.indexOf(turn);
          if (index >= 0) queue.splice(index, 1);
          reject(signal.reason);
        };
        queue.push(turn);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
