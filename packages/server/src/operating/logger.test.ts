import { describe, expect, it } from 'vitest';
import { createLogger, redact } from './logger.js';

describe('logger', () => {
  it('writes one JSON object per line at or above its level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', write: (line) => lines.push(line), clock: () => new Date(0) });
    logger.info('hidden');
    logger.warn('shown', { request_id: 'r1' });
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([{ level: 'warn', time: '1970-01-01T00:00:00.000Z', message: 'shown', request_id: 'r1' }]);
  });

  it('masks created-feed tokens anywhere in a line', () => {
    const lines: string[] = [];
    const token = `${'a'.repeat(40)}.${'b'.repeat(43)}`;
    createLogger({ write: (line) => lines.push(line) }).error('failed', { error: new Error(`cannot read /api/v1/feeds/${token}.rss`) });
    expect(lines[0]).toContain('/api/v1/feeds/[feed-token].rss');
    expect(lines[0]).not.toContain(token);
  });

  it('masks tokens in the message and in the fields', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line), clock: () => new Date(0) });
    const token = `${'a'.repeat(40)}.${'b'.repeat(43)}`;
    logger.info('request', { route: `/api/v1/feeds/${token}.rss`, status: 200 });
    logger.info(`read ${token}`, { status: 200 });
    logger.warn('nested', { request: { path: `/api/v1/feeds/${token}.json` } });
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain(token);
    expect(JSON.parse(lines[0]!)).toMatchObject({ route: '/api/v1/feeds/[feed-token].rss' });
  });

  it('redacts fields named like credentials, also nested', () => {
    expect(redact({ token: 'abc', headers: { Authorization: 'Bearer abc', accept: 'x' }, dsn: 'http://key@host/1', url: 'https://example.com/' })).toEqual({
      token: '[redacted]',
      headers: { Authorization: '[redacted]', accept: 'x' },
      dsn: '[redacted]',
      url: 'https://example.com/',
    });
  });
});

describe('logger on standard output', () => {
  it('writes info lines together a moment later, warnings at once, in order', async () => {
    const written: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      written.push(chunk);
      return true;
    }) as typeof process.stdout.write;
    try {
      const logger = createLogger({ level: 'info' });
      logger.info('one');
      logger.info('two');
      expect(written).toEqual([]);
      logger.warn('three');
      expect(written).toHaveLength(1);
      logger.info('four');
      logger.info('five', { status: 200 });
      await new Promise((resolve) => setImmediate(resolve));
      expect(written).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(written).toHaveLength(2);
    } finally {
      process.stdout.write = original;
    }
    const messages = written.join('').trimEnd().split('\n').map((line) => (JSON.parse(line) as { message: string }).message);
    expect(messages).toEqual(['one', 'two', 'three', 'four', 'five']);
  });
});
