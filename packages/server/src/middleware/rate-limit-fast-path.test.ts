import { describe, expect, it } from 'vitest';
import { createMetrics } from '../operating/metrics.js';
import { createHarness, feedConfig } from '../test-support/app-harness.js';

/**
 * The sliding window seen from the cached-read fast path: a burst at the end of one window and one
 * at the start of the next, read by an app with the fast path and one without, must get the same
 * answers, Retry-After values, log lines and metrics (the fast path decides with `admitsNow`, the
 * middleware refuses with the same counts).
 */
const feeds = { news: feedConfig('https://example.com/news', { channel: { url: 'https://example.com/news', title: 'News', ttl: 10 } }) };
type Step = number | { readonly advanceSeconds: number };

/** Step `n`: n reads of the feed. */
const EDGE_SESSION: readonly Step[] = [1, { advanceSeconds: 59 }, 10, { advanceSeconds: 2 }, 2, { advanceSeconds: 5 }, 2, { advanceSeconds: 120 }, 11];

async function run(fastPath: boolean) {
  const metrics = createMetrics();
  const subject = createHarness({ feeds, settings: { rateLimitPerMinute: 10 }, deps: { metrics, cachedReadFastPath: fastPath, clientAddress: () => '192.0.2.7' } });
  const answers: string[] = [];
  let synchronous = 0;
  for (const step of EDGE_SESSION) {
    if (typeof step !== 'number') {
      subject.advance(step.advanceSeconds);
      continue;
    }
    for (let read = 0; read < step; read += 1) {
      const answer = subject.app.fetch(new Request('http://localhost/api/v1/feeds/news.rss'));
      if (answer instanceof Response) synchronous += 1;
      const response = await answer;
      answers.push(`${response.status} ${response.headers.get('retry-after') ?? response.headers.get('x-cache')}`);
    }
  }
  const logs = subject.logs.map(({ time: _time, duration_ms: _duration, request_id: _id, ...rest }) => rest);
  return { answers, logs, metrics: metrics.render(), synchronous };
}

describe('sliding-window rate limit on the cached-read fast path', () => {
  it('refuses a burst across a window edge as Hono alone does, with the same Retry-After', async () => {
    const fast = await run(true);
    const plain = await run(false);
    expect({ ...fast, synchronous: 0 }).toEqual({ ...plain, synchronous: 0 });
    expect(fast.answers).toEqual([
      '200 miss',
      ...Array.from({ length: 9 }, () => '200 fresh'),
      // At 12:00:59 the window is full: the rest of the minute, then 6 s for 10 × 54/60 = 9.
      '429 7',
      // At 12:01:01 the previous ten weigh 10 × 59/60.
      '429 5',
      '429 5',
      '200 fresh',
      '429 6',
      // Two minutes on, 6 s into a window: ten fit, then the rest of this minute and 6 s of the next.
      ...Array.from({ length: 10 }, () => '200 fresh'),
      '429 60',
    ]);
    // Every fresh read within the limit was the fast path's; the miss and the refusals were Hono's.
    expect(fast.synchronous).toBe(20);
    expect(plain.synchronous).toBe(0);
  });
});
