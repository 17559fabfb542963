#!/usr/bin/env node
// `pnpm pagefeed <args>`: runs the built CLI in this process, or says how to build it when it is
// not built yet (`pnpm start` builds only the server and the web UI), instead of Node's
// "Cannot find module" stack trace.
import { existsSync } from 'node:fs';

const bin = new URL('../packages/cli/dist/bin.js', import.meta.url);
if (existsSync(bin)) {
  await import(bin.href);
} else {
  process.stderr.write('pagefeed: the command line is not built yet: run `pnpm build` once (about a minute; `pnpm start` builds only the server and the web UI), then run the command again\n');
  process.exitCode = 1;
}
