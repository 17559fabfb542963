import { processIo } from './io.js';
import { run } from './main.js';

/**
 * The installed `pagefeed` command (package.json `bin`): this file bundled into one CommonJS file,
 * `dist/bin.cjs` (scripts/bundle.mjs), with the launcher's few modules (main, the command
 * registry, errors, the bundle loader) inside. A CommonJS entry spares Node its ES module loader,
 * which an ES module entry such as `dist/bin.js` starts before running a line (about 10–20 ms
 * CPU, most of what `--version` cost above a bare `node -e 0`; BENCHMARKS.md §7). The commands
 * themselves come from their own bundles as before, or as ES modules when there are none.
 * `dist/bin.js` (src/bin.ts) is the same launcher as an ES module, for `pnpm pagefeed`, which
 * imports it into a process that has the ES module loader already.
 */
void run(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
