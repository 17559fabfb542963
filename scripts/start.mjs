#!/usr/bin/env node
// `pnpm start`: build what the server needs (with a line per package, so a first start is never a
// silent wait), then run the server. Later starts find the build in turbo's cache and take seconds.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const firstStart = !existsSync(new URL('../packages/server/dist/main.js', import.meta.url));
process.stderr.write(
  firstStart
    ? 'pagefeed: first start: building the server, the web UI and the CLI (a minute or two; later starts reuse the build)…\n'
    : 'pagefeed: checking the build…\n',
);
const started = Date.now();
// Only the server's packages, the web UI and the CLI: the benchmarks and test packages are not built.
// `hash-only`: one line per package as its build starts (or is found in the cache), errors in full.
const build = spawnSync(
  'pnpm',
  ['exec', 'turbo', 'run', 'build', '--filter=@pagefeed/server...', '--filter=@pagefeed/web', '--filter=@pagefeed/cli...', '--output-logs=hash-only'],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
if (build.status !== 0) {
  process.stderr.write(`pagefeed: the build failed (exit ${build.status}); run \`pnpm build\` to see every message.\n`);
  process.exit(build.status ?? 1);
}
process.stderr.write(`pagefeed: build ready in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server…\n`);
await import('../packages/server/dist/main.js');
