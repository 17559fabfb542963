import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../../../fetchers/src/cache/test-support/redis-server.js';
import { request } from './load.js';

/** The repository root, where `node --conditions=source --import tsx` resolves workspace sources. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
/** The server entry point; `PAGEFEED_SCALE_MAIN` points elsewhere (e.g. a built `dist/main.js`). */
export const MAIN_SCRIPT = process.env['PAGEFEED_SCALE_MAIN'] ?? 'packages/server/src/main.ts';

/**
 * One real server process (the same entry point as production, run from TypeScript sources),
 * on its own loopback port. Output is kept so a failing test can show why an instance died.
 */
export interface Instance {
  readonly port: number;
  readonly origin: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN_SCRIPT], {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    // The tail is what explains a failure; a long run must not grow this without bound.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    port,
    origin,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    },
  };
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const live = await request(`${origin}/api/v1/health/live`).catch(() => undefined);
    if (live?.status === 200) return instance;
    await sleep(200);
  }
  await instance.stop();
  throw new Error(`server instance on port ${port} did not become live:\n${output}`);
}
