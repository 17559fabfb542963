import { describe, expect, it } from 'vitest';
import { createLogger, type Logger } from '../operating/logger.js';
import { createMetrics } from '../operating/metrics.js';
import { createHarness } from '../test-support/app-harness.js';
import { createAccessLog } from './request-log.js';

describe('request log middleware', () => {
  it('counts requests by method, route and status, also when they alternate', async () => {
    const metrics = createMetrics();
    const { app, logs } = createHarness({ deps: { metrics } });
    for (const path of ['/api/v1/feeds/news.rss', '/api/v1/feeds/news.rss', '/api/v1/feeds/missing.rss', '/api/v1/feeds/news.rss', '/api/v1/no-such-route']) await app.request(path);
    const text = metrics.render();
    expect(text).toContain('pagefeed_http_requests_total{method="GET",route="/api/v1/feeds/:id",status="200"} 3');
    expect(text).toContain('pagefeed_http_requests_total{method="GET",route="/api/v1/feeds/:id",status="404"} 1');
    const requests = logs.filter((line) => line['message'] === 'request');
    expect(requests.map((line) => line['status'])).toEqual([200, 200, 404, 200, 404]);
    expect(requests.every((line) => typeof line['request_id'] === 'string' && typeof line['duration_ms'] === 'number')).toBe(true);
  });
});

describe('access log line', () => {
  const outcomes: Array<readonly [string, string, string, number, string | undefined]> = [
    ['a1b2c3d4-0000-4000-8000-000000000000', 'GET', '/api/v1/feeds/:id', 200, '192.0.2.1'],
    ['client_id=1', 'GET', '/api/v1/feeds/:id', 304, '192.0.2.1'],
    ['x', 'POST', '/api/v1/feeds', 201, '2001:db8::1'],
    ['quote " back \\ slash', 'GET', '/odd "route"\n é ✓ \u2028', 404, 'not "an" address\n'],
    ['y', 'DELETE', '', 500, undefined],
    ['z', 'GET', '/api/v1/feeds/:id', 200, '::ffff:192.0.2.1'],
  ];

  it('is the line logger.info writes for the same fields, character for character', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line), clock: () => new Date(0) });
    const accessLog = createAccessLog({ logger, metrics: createMetrics() });
    // Twice: the second round takes the remembered (method, route, status) line writers.
    for (const round of [1, 2]) {
      for (const [requestId, method, route, status, client] of outcomes) {
        lines.length = 0;
        // A start in the future gives a negative duration, rounded like any other.
        const started = performance.now() + (round === 2 ? 5_000 : 0);
        accessLog.record(requestId, method, route, status, started, client);
        const written = lines[0] ?? '';
        const durationMs = (JSON.parse(written) as { duration_ms: number }).duration_ms;
        // The order of the line's fields: what a pino child logger with method, route and status
        // bound writes (they come first).
        logger.info('request', { method, route, status, request_id: requestId, duration_ms: durationMs, client });
        expect(written).toBe(lines[1]);
        expect(Object.keys(JSON.parse(written) as object)).toEqual(['level', 'time', 'message', 'method', 'route', 'status', 'request_id', 'duration_ms', ...(client === undefined ? [] : ['client'])]);
      }
    }
  });

  it('goes through info on a logger without infoLines', () => {
    const seen: Array<Record<string, unknown> | undefined> = [];
    const logger: Logger = { debug: () => {}, info: (_message, fields) => seen.push(fields), warn: () => {}, error: () => {} };
    createAccessLog({ logger, metrics: createMetrics() }).record('r1', 'GET', '/api/v1/feeds/:id', 200, performance.now(), '192.0.2.1');
    expect(seen).toEqual([{ request_id: 'r1', method: 'GET', route: '/api/v1/feeds/:id', status: 200, duration_ms: expect.any(Number) as number, client: '192.0.2.1' }]);
  });

  it('keeps at most outcomeLimit line writers (pino child loggers), and writes every line right past it', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line) });
    const made: string[] = [];
    const counting: Logger = {
      ...logger,
      infoLines: (message, bound) => {
        made.push(String(bound?.['route']));
        return logger.infoLines!(message, bound);
      },
    };
    const metrics = createMetrics();
    const accessLog = createAccessLog({ logger: counting, metrics, outcomeLimit: 4 });
    const record = (route: string) => accessLog.record(`r-${route}`, 'GET', route, 200, performance.now(), undefined);
    // Four outcomes, then the same four again, alternating: one writer each, made once.
    for (const route of ['/a', '/b', '/c', '/d', '/a', '/b', '/c', '/d']) record(route);
    expect(made).toEqual(['/a', '/b', '/c', '/d']);
    // A fifth: the remembered ones are dropped (the limit), so /a needs a writer again.
    for (const route of ['/e', '/a', '/e', '/a']) record(route);
    expect(made).toEqual(['/a', '/b', '/c', '/d', '/e', '/a']);
    // Many distinct routes (past the limit again and again): each line is still right.
    made.length = 0;
    lines.length = 0;
    for (let index = 0; index < 100; index += 1) record(`/many/${index}`);
    expect(made).toHaveLength(100);
    expect(lines.map((line) => (JSON.parse(line) as { route: string; request_id: string }))).toEqual(Array.from({ length: 100 }, (_, index) => expect.objectContaining({ route: `/many/${index}`, request_id: `r-/many/${index}` }) as unknown));
    expect(metrics.render()).toContain('pagefeed_http_requests_total{method="GET",route="/a",status="200"} 4');
  });

  it('writes nothing below its level', () => {
    const lines: string[] = [];
    const accessLog = createAccessLog({ logger: createLogger({ level: 'warn', write: (line) => lines.push(line) }), metrics: createMetrics() });
    accessLog.record('r1', 'GET', '/api/v1/feeds/:id', 200, performance.now(), '192.0.2.1');
    expect(lines).toEqual([]);
  });
});
