import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel } from './logger.js';

/**
 * The fields of a log line, as the reference's "structured JSON logs" and the access log promise
 * them and log processors read them: `level` by name, `time` in ISO 8601, `message`, the caller's
 * fields, nothing else (no pid or hostname), one JSON object per line.
 */
function capture(level: LogLevel = 'debug') {
  const lines: string[] = [];
  const logger = createLogger({ level, write: (line) => lines.push(line), clock: () => new Date(Date.UTC(2026, 10, 26, 12, 0, 0, 5)) });
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('log line fields (pino)', () => {
  it('are level by name, ISO time, message and the fields, nothing else', () => {
    const { logger, lines, parsed } = capture();
    logger.debug('d', { a: 1 });
    logger.info('listening', { port: 4000, url: 'http://localhost:4000/', environment: 'development', cache: 'memory' });
    logger.warn('w');
    logger.error('e', { code: 'FetchFailed' });
    expect(parsed()).toEqual([
      { level: 'debug', time: '2026-11-26T12:00:00.005Z', message: 'd', a: 1 },
      { level: 'info', time: '2026-11-26T12:00:00.005Z', message: 'listening', port: 4000, url: 'http://localhost:4000/', environment: 'development', cache: 'memory' },
      { level: 'warn', time: '2026-11-26T12:00:00.005Z', message: 'w' },
      { level: 'error', time: '2026-11-26T12:00:00.005Z', message: 'e', code: 'FetchFailed' },
    ]);
    // One line each, no newline inside, in the order the lines always had: level, time, message,
    // then the fields (what `grep '"level":"error"'`, line-oriented collectors and readers of
    // `"message":"listening","port":…` rely on).
    for (const line of lines) {
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^\{"level":"(debug|info|warn|error)","time":"[^"]+","message":"/);
    }
    expect(lines[1]).toBe('{"level":"info","time":"2026-11-26T12:00:00.005Z","message":"listening","port":4000,"url":"http://localhost:4000/","environment":"development","cache":"memory"}');
  });

  it('keep the access log line: request_id, method, route, status, duration_ms, client (left out when unknown)', () => {
    const { logger, parsed } = capture('info');
    logger.info('request', { request_id: 'r1', method: 'GET', route: '/api/v1/feeds/:id', status: 200, duration_ms: 3, client: '192.0.2.1' });
    logger.info('request', { request_id: 'r2', method: 'GET', route: '/api/v1/feeds/:id', status: 304, duration_ms: 0, client: undefined });
    expect(parsed()).toEqual([
      { level: 'info', time: '2026-11-26T12:00:00.005Z', message: 'request', request_id: 'r1', method: 'GET', route: '/api/v1/feeds/:id', status: 200, duration_ms: 3, client: '192.0.2.1' },
      { level: 'info', time: '2026-11-26T12:00:00.005Z', message: 'request', request_id: 'r2', method: 'GET', route: '/api/v1/feeds/:id', status: 304, duration_ms: 0 },
    ]);
  });

  it('write errors as name, message and stack, and escape any text', () => {
    const { logger, parsed } = capture();
    const error = new TypeError('bad "thing"\nsecond line');
    logger.error('unexpected failure', { request_id: 'r1', error });
    logger.info('odd "quote" \\ slash \u2028 ✓', { route: '/odd\n"route"' });
    const [failure, odd] = parsed();
    expect(failure).toMatchObject({ message: 'unexpected failure', request_id: 'r1', error: { name: 'TypeError', message: 'bad "thing"\nsecond line' } });
    expect(String((failure!['error'] as { stack: string }).stack)).toContain('TypeError: bad');
    expect(odd).toMatchObject({ message: 'odd "quote" \\ slash \u2028 ✓', route: '/odd\n"route"' });
  });

  it('take a message with % signs as it is (no format string)', () => {
    const { logger, parsed } = capture();
    logger.info('100% done %s %d %j', { ratio: 1 });
    expect(parsed()[0]).toMatchObject({ message: '100% done %s %d %j', ratio: 1 });
  });

  it('keep a field named like the line’s own keys as field_<name>, never a duplicate key', () => {
    const { logger, lines, parsed } = capture();
    logger.warn('upstream failure', { message: 'Fetch failed', level: 3, time: 'then' });
    expect(parsed()[0]).toEqual({ level: 'warn', time: '2026-11-26T12:00:00.005Z', message: 'upstream failure', field_message: 'Fetch failed', field_level: 3, field_time: 'then' });
    expect(lines[0]!.match(/"message":/g)).toHaveLength(1);
  });

  it('write nothing below the level, and nothing at all when silent', () => {
    const warn = capture('warn');
    warn.logger.debug('no');
    warn.logger.info('no');
    warn.logger.warn('yes');
    expect(warn.parsed().map((line) => line['message'])).toEqual(['yes']);
    const silent = capture('silent');
    silent.logger.error('no');
    expect(silent.lines).toEqual([]);
  });

  it('redact credentials in fields without changing the caller’s object', () => {
    const { logger, parsed } = capture();
    const fields = { authorization: 'Bearer abc', nested: { api_token: 'x', host: 'example.com' } };
    logger.info('configured', fields);
    expect(parsed()[0]).toMatchObject({ authorization: '[redacted]', nested: { api_token: '[redacted]', host: 'example.com' } });
    expect(fields.nested.api_token).toBe('x');
  });
});

describe('lines of a bound writer (infoLines: a pino child logger)', () => {
  const values: ReadonlyArray<Record<string, unknown>> = [
    { method: 'GET', route: '/api/v1/feeds/:id', status: 200 },
    { method: 'POST', route: '/odd "route"\n é ✓ \u2028 \\', status: 404 },
    { method: 'DELETE', route: '', status: 500, note: undefined },
  ];

  it('are the lines info writes with the bound fields first, character for character', () => {
    const { logger, lines } = capture('info');
    for (const bound of values) {
      const write = logger.infoLines!('request', bound);
      for (const fields of [{ request_id: 'r1', duration_ms: 3, client: '192.0.2.1' }, { request_id: 'quote " \\', duration_ms: -0, client: undefined }, {}]) {
        lines.length = 0;
        write(fields);
        logger.info('request', { ...bound, ...fields });
        expect(lines).toHaveLength(2);
        expect(lines[0]).toBe(lines[1]);
        expect(lines[0]).toMatch(/^\{"level":"info","time":"[^"]+","message":"request"/);
      }
    }
  });

  it('are redacted, renamed and masked as info lines are, bound fields and the line’s own', () => {
    const { logger, lines, parsed } = capture('info');
    const token = `${'a'.repeat(40)}.${'b'.repeat(43)}`;
    const write = logger.infoLines!('configured', { api_token: 'x', time: 'bound', path: `/api/v1/feeds/${token}.rss` });
    write({ password: 'p', message: 'own', error: new TypeError('bad'), nested: { cookie: 'c', host: 'example.com' } });
    const [line] = parsed();
    expect(line).toMatchObject({ level: 'info', message: 'configured', api_token: '[redacted]', field_time: 'bound', path: '/api/v1/feeds/[feed-token].rss', password: '[redacted]', field_message: 'own', error: { name: 'TypeError', message: 'bad' }, nested: { cookie: '[redacted]', host: 'example.com' } });
    expect(lines[0]).not.toContain(token);
    // The line's own message field is renamed, never a second top-level "message" key.
    expect(lines[0]).not.toContain('"message":"own"');
    expect(lines[0]!.match(/"time":/g)).toHaveLength(1);
  });

  it('write a field named like a bound one once, with the line’s value', () => {
    const { logger, lines, parsed } = capture('info');
    const write = logger.infoLines!('request', { method: 'GET', status: 200 });
    write({ status: 304, request_id: 'r1' });
    logger.info('request', { method: 'GET', status: 304, request_id: 'r1' });
    expect(lines[0]).toBe(lines[1]);
    expect(lines[0]!.match(/"status":/g)).toHaveLength(1);
    expect(parsed()[0]).toMatchObject({ status: 304 });
  });

  it('write a field named err (pino’s error key) as info does, with one message', () => {
    const { logger, lines } = capture('info');
    const write = logger.infoLines!('request', { method: 'GET' });
    write({ err: new Error('boom'), request_id: 'r1' });
    logger.info('request', { method: 'GET', err: new Error('boom'), request_id: 'r1' });
    expect(lines[0]!.replace(/"stack":"[^"]*"/, '')).toBe(lines[1]!.replace(/"stack":"[^"]*"/, ''));
    expect(lines[0]!.match(/"message":"request"/g)).toHaveLength(1);
    expect(lines[0]!.match(/"message":"boom"/g)).toHaveLength(1);
  });

  it('write nothing below the level', () => {
    const { logger, lines } = capture('warn');
    logger.infoLines!('request', { method: 'GET' })({ request_id: 'r1' });
    expect(lines).toEqual([]);
  });
});
