import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The real server process (`src/main.ts`, the entry point `pnpm start` runs, from TypeScript
 * sources) with an environment the test chooses; nothing is inherited but PATH.
 */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TRACE_IMPORTS = fileURLToPath(new URL('../node/__fixtures__/trace-imports.mjs', import.meta.url));
const MAIN = process.env['PAGEFEED_SERVER_MAIN'] ?? 'src/main.ts';

export interface ServerProcess {
  readonly child: ChildProcess;
  output(): string;
  readonly exited: Promise<number | null>;
}

export interface StartedServer extends ServerProcess {
  readonly origin: string;
  readonly port: number;
  /** SIGTERM, then wait for the exit code. */
  stop(): Promise<number | null>;
}

export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--import', TRACE_IMPORTS, MAIN], {
    cwd: PACKAGE_ROOT,
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startServerProcess(env: Record<string, string>): Promise<StartedServer> {
  const started = spawnServer(env);
  const port = await new Promise<number>((resolve, reject) => {
    const check = () => {
      const match = /"message":"listening","port":(\d+)/.exec(started.output());
      if (match) resolve(Number(match[1]));
    };
    started.child.stdout?.on('data', check);
    void started.exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${started.output()}`)));
  });
  return {
    ...started,
    origin: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (started.child.exitCode === null) started.child.kill('SIGTERM');
      return started.exited;
    },
  };
}
