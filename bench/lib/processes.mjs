import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVE = fileURLToPath(new URL('../servers/serve.mjs', import.meta.url));

/**
 * Node flags for the servers only (diagnostics, e.g. `BENCH_SERVER_NODE_FLAGS="--cpu-prof
 * --cpu-prof-dir=DIR"`, which NODE_OPTIONS does not allow and which would profile the load
 * generator too).
 */
const SERVER_NODE_FLAGS = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/** Starts `bench/servers/serve.mjs` with `options`; resolves with `{ port, stop }` once it listens. */
export function startServerProcess(options, { timeoutMs = 60_000 } = {}) {
  const child = fork(SERVE, [JSON.stringify(options)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS] });
  // Kept for the reason when the server cannot start (e.g. a package not built yet).
  let errorOutput = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    errorOutput = (errorOutput + chunk).slice(-4000);
    process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`server (${options.mode}) did not listen within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const lines = errorOutput.split('\n');
      const reason = lines.find((line) => /^\w*Error\b[^:]*:/.test(line)) ?? lines.find((line) => /error/i.test(line)) ?? '';
      reject(new Error(`server (${options.mode}) exited with code ${code} before listening${reason ? `: ${reason.trim()}` : ''}`));
    });
    child.once('message', (message) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const stop = () =>
        new Promise((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      resolve({ port: message.port, pid: child.pid, stop });
    });
  });
}
