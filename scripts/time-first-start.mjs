#!/usr/bin/env node
/**
 * Times the README's first command on a fresh clone, as a new operator runs it:
 *
 *   node scripts/time-first-start.mjs [--ref REF] [--repo PATH] [--keep DIR]
 *
 * `git clone` of this repository (or --repo) at REF (default: HEAD's branch) into a temporary
 * folder, then `pnpm install --frozen-lockfile` and `pnpm start` with PORT=0, until the server's
 * `listening` line; then the server is stopped (by its process group, which this script started).
 * `npm i -g pnpm@10.34.9` is left out: pnpm is already installed where this runs. Prints one JSON
 * line with the phases' seconds and the load average before and after. --keep leaves the clone
 * in DIR (for benchmarks on the same build); without it the clone is removed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { ref: { type: 'string' }, repo: { type: 'string' }, keep: { type: 'string' } },
});
const repo = resolve(values.repo ?? new URL('..', import.meta.url).pathname);
const ref = values.ref ?? spawnSync('git', ['-C', repo, 'rev-parse', '--abbrev-ref', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const directory = values.keep ? resolve(values.keep) : join(mkdtempSync(join(tmpdir(), 'pagefeed-first-start-')), 'clone');
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

function run(command, args, cwd) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
  return (performance.now() - started) / 1000;
}

/** `pnpm start` until its `listening` line; the seconds, then the server is stopped. */
function startUntilListening(cwd) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn('pnpm', ['start'], {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: '0', LOG_FORMAT: 'json', NODE_ENV: 'development' },
    });
    let output = '';
    let listening = false;
    const onData = (chunk) => {
      output += chunk.toString();
      if (!/"message":"listening"/.test(output)) return;
      const seconds = (performance.now() - started) / 1000;
      listening = true;
      child.stdout.off('data', onData);
      process.kill(-child.pid, 'SIGTERM');
      child.once('exit', () => resolvePromise(seconds));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.once('exit', (code) => listening || reject(new Error(`pnpm start exited (${code}) before listening:\n${output.slice(-2000)}`)));
  });
}

const loadBefore = load();
const clone = run('git', ['clone', '--quiet', '--branch', ref, repo, directory]);
const commit = spawnSync('git', ['-C', directory, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const install = run('pnpm', ['install', '--frozen-lockfile', '--reporter=silent'], directory);
const start = await startUntilListening(directory);
const result = {
  ref,
  commit,
  cloneSeconds: Number(clone.toFixed(1)),
  installSeconds: Number(install.toFixed(1)),
  startSeconds: Number(start.toFixed(1)),
  totalSeconds: Number((install + start).toFixed(1)),
  loadBefore,
  loadAfter: load(),
};
console.log(JSON.stringify(result));
if (!values.keep) rmSync(join(directory, '..'), { recursive: true, force: true });
