import { describe, expect, it } from 'vitest';
import { logLine } from './log-line.js';
import { redact } from './logger.js';

/** The line must be exactly what serialising the merged, redacted object gives. */
const SECRET = /token|authorization|secret|password|cookie|dsn/i;
const reference = (level: string, time: string, message: string, fields: Record<string, unknown>) => JSON.stringify({ level, time, message, ...redact(fields) });
const line = (level: string, time: string, message: string, fields: Record<string, unknown>) => logLine(level, time, message, fields, redact, (key) => SECRET.test(key));

const error = new Error('boom "quoted"\nline');
const cases: Array<Record<string, unknown>> = [
  {},
  { request_id: 'abc-123', method: 'GET', route: '/api/v1/feeds/:id', status: 200, duration_ms: 3 },
  { text: 'quotes " backslash \\ newline \n tab \t unicode é ✓ \u2028 \u0001' },
  { number: 1.5, negative: -0, nan: Number.NaN, infinite: Number.POSITIVE_INFINITY, big: 1e21, yes: true, no: false, nothing: null },
  { skipped: undefined, fn: () => 1, symbol: Symbol('s'), kept: 'x' },
  { list: [1, undefined, 'two', { token: 'not redacted inside arrays' }, () => 1] },
  { nested: { token: 'abc', headers: { Authorization: 'Bearer x', accept: 'y' }, when: new Date(0) } },
  { error },
  { cause: { error } },
  { token: 'secret', access_token: 'x', password: 'p', url: 'https://example.com/' },
  { date: new Date(0) },
  { 'odd "key"\n': 1, 'ключ': 2 },
  { message: 'overrides the message' },
  { level: 'debug', time: 'then' },
  { b: 1, '2': 'integer-like keys come first in an object', a: 3 },
  { '01': 'not an index but starts with a digit' },
  { lone: 'half a pair \ud800 here', del: 'delete \u007f char', control: '\u001b[0m', empty: '', spaces: '  ' },
  { big: 123456789012345680000, small: 1e-7, fraction: 0.1 + 0.2, minusZero: -0, negativeInfinity: Number.NEGATIVE_INFINITY },
  { list: [Number.NaN, -0, 'x'] },
  JSON.parse('{"__proto__": {"polluted": true}, "after": 1}') as Record<string, unknown>,
  Object.assign(Object.create({ inherited: 'not own' }) as Record<string, unknown>, { own: 'yes' }),
];

describe('log line', () => {
  for (const [index, fields] of cases.entries()) {
    it(`matches JSON.stringify of the merged object (case ${index})`, () => {
      for (const level of ['debug', 'info', 'warn', 'error']) {
        expect(line(level, '2026-01-01T00:00:00.000Z', 'msg "with" quotes\n', fields)).toBe(reference(level, '2026-01-01T00:00:00.000Z', 'msg "with" quotes\n', fields));
      }
    });
  }

  it('is valid JSON with the fields after level, time and message', () => {
    const parsed = JSON.parse(line('info', 't', 'request', { request_id: 'r', status: 200 })) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['level', 'time', 'message', 'request_id', 'status']);
  });
});
