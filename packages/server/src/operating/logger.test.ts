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

  it('redacts fields named like credentials, also nested', () => {
    expect(redact({ token: 'abc', headers: { Authorization: 'Bearer abc', accept: 'x' }, dsn: 'http://key@host/1', url: 'https://example.com/' })).toEqual({
      token: '[redacted]',
      headers: { Authorization: '[redacted]', accept: 'x' },
      dsn: '[redacted]',
      url: 'https://example.com/',
    });
  });
});
