import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { createPrettyLogWriter, wantsPrettyLogs } from './terminal-log.js';

describe('log lines for a terminal', () => {
  it('are readable in development at a terminal, JSON otherwise or when asked', () => {
    expect(wantsPrettyLogs({}, 'development', true)).toBe(true);
    expect(wantsPrettyLogs({}, 'development', false)).toBe(false);
    expect(wantsPrettyLogs({}, 'production', true)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'json' }, 'development', true)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'pretty' }, 'production', false)).toBe(true);
  });

  it('print time, level, message and fields on one line, still redacted', async () => {
    const printed: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        printed.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ level: 'info', write: await createPrettyLogWriter(destination) });
    logger.info('listening', { port: 4000, access_token: 'do-not-print' });
    await new Promise((resolve) => setImmediate(resolve));
    const text = printed.join('').replace(/\u001b\[[0-9;]*m/g, '');
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: listening/);
    expect(text).toContain('"port":4000');
    expect(text).not.toContain('do-not-print');
    expect(text).not.toContain('{"time"');
  });
});
