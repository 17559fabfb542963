import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Calls `check` with growing pauses (20 ms doubling to 250 ms, with jitter so waiters on many
 * instances do not knock in step) until it returns something or `timeoutMs` has passed.
 */
export async function pollUntil<T>(timeoutMs: number, check: () => Promise<T | undefined>): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  let pause = 20;
  while (Date.now() < deadline) {
    await sleep(Math.min(pause * (0.75 + Math.random() / 2), Math.max(1, deadline - Date.now())));
    const found = await check();
    if (found !== undefined) return found;
    pause = Math.min(pause * 2, 250);
  }
  return undefined;
}
