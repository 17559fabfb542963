import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Info lines wait up to a millisecond to be written together; none may be lost when the process
 * ends in that millisecond: on exit (the server's shutdown), on a crash, when the event loop ends,
 * after SIGTERM. A real process (the fixture, from TypeScript sources) with standard output on a
 * pipe, as under a process manager or `docker logs`.
 */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./__fixtures__/log-then-end.ts', import.meta.url));
const LINES = 200;

interface Ended {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(mode: string, { signal = false } = {}): Promise<Ended> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', FIXTURE, mode, String(LINES)], {
    cwd: PACKAGE_ROOT,
    env: { PATH: process.env['PATH'] ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (signal && stderr.includes('ready\n')) child.kill('SIGTERM');
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Every line the fixture wrote, in order: 200 requests with a warning after every 50th, then the last line. */
function expectEveryLine(stdout: string, mode: string): void {
  expect(stdout.endsWith('\n')).toBe(true);
  const lines = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const expected: Array<Record<string, unknown>> = [];
  for (let index = 0; index < LINES; index += 1) {
    expected.push({ level: 'info', message: 'request', method: 'GET', route: '/api/v1/feeds/:id', status: 200, request_id: `r${index}`, duration_ms: 0, client: '192.0.2.1' });
    if (index % 50 === 49) expected.push({ level: 'warn', message: 'slow', index });
  }
  expected.push({ level: 'info', message: 'last line', mode });
  expect(lines.map(({ time: _time, ...rest }) => rest)).toEqual(expected);
}

describe('log lines when the process ends', () => {
  it('are all written on process.exit in the same turn', async () => {
    const ended = await run('exit');
    expect(ended.code).toBe(0);
    expectEveryLine(ended.stdout, 'exit');
  });

  it('are all written when the process crashes on an uncaught exception', async () => {
    const ended = await run('throw');
    expect(ended.code).toBe(1);
    expect(ended.stderr).toContain('crash after logging');
    expectEveryLine(ended.stdout, 'throw');
  });

  it('are all written when the process ends on an unhandled rejection', async () => {
    const ended = await run('rejection');
    expect(ended.code).toBe(1);
    expect(ended.stderr).toContain('rejected after logging');
    expectEveryLine(ended.stdout, 'rejection');
  });

  it('are all written when the event loop ends', async () => {
    const ended = await run('end');
    expect(ended.code).toBe(0);
    expectEveryLine(ended.stdout, 'end');
  });

  it('are all written on a SIGTERM shutdown', async () => {
    const ended = await run('signal', { signal: true });
    expect(ended.code).toBe(0);
    expectEveryLine(ended.stdout, 'signal');
  });
});
