#!/usr/bin/env node
// `pnpm start`: build what the server needs (with a line per package, so a first start is never a
// silent wait), then run the server. Later starts find the build in turbo's cache and take seconds.
//
// What it builds: the server's runtime as one esbuild bundle from the TypeScript sources
// (packages/server/bundle.mjs: no declaration files, no type-check; seconds instead of minutes of
// `tsc` over core → fetchers/auto-source/renderer → server) and the web UI (vite, which needs no
// other package built). `pnpm build` still builds every package's `dist/` with `tsc` (the CLI, the
// packages users import, what the tests and benchmarks run), and `pnpm typecheck` checks the types.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const ENTRY = new URL('../packages/server/dist-start/main.js', import.meta.url);
const firstStart = !existsSync(ENTRY);
process.stderr.write(
  firstStart
    ? 'pagefeed: first start: bundling the server and building the web UI (later starts reuse the build)…\n'
    : 'pagefeed: checking the build…\n',
);
const started = Date.now();
// `hash-only`: one line per task as it starts (or is found in the cache), errors in full.
const build = spawnSync('pnpm', ['exec', 'turbo', 'run', '@pagefeed/server#bundle', '@pagefeed/web#build', '--output-logs=hash-only'], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (build.status !== 0) {
  process.stderr.write(`pagefeed: the build failed (exit ${build.status}); run \`pnpm build\` to see every message.\n`);
  process.exit(build.status ?? 1);
}
process.stderr.write(`pagefeed: build ready in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server…\n`);
if (!existsSync(new URL('../packages/cli/dist/bin.js', import.meta.url))) {
  process.stderr.write('pagefeed: the command line (`pnpm pagefeed`) is not built by `pnpm start`: run `pnpm build` once for it.\n');
}
await import(ENTRY.href);
