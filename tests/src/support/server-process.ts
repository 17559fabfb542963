import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

/**
 * The real server process (`packages/server/src/main.ts`, the production entry point, run from
 * TypeScript sources) on a free port. Resolves once `/api/v1/health/live` answers, so the log
 * level can stay at `warn` (a per-request access log would cost the load tests CPU).
 */
const SERVER_ROOT = fileURLToPath(new URL('../../../packages/server/', import.meta.url));

export interface ServerProcess {
  readonly origin: string;
  readonly port: number;
  readonly pid: number;
  output(): string;
  /** Resident set size in bytes, from /proc. */
  rss(): number;
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = `${output}${chunk.toString()}`.slice(-200_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = `${output}${chunk.toString()}`.slice(-200_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before listening:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not listen within ${timeoutMs} ms:\n${output}`);
    }
    const live = await fetch(`http://127.0.0.1:${port}/api/v1/health/live`).then((response) => response.ok, () => false);
    if (live) break;
    await sleep(200);
  }
  const pid = child.pid ?? 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    pid,
    output: () => output,
    rss: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
