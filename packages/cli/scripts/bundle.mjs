/**
 * Second step of `pnpm build` for @pagefeed/cli (after tsc): bundles each command with its
 * dependencies into one CommonJS file, dist/bundle/<command>.cjs (+ source map), then runs each
 * command once in a fresh process (train-cache.mjs) and stores V8's code cache beside it. The
 * launcher (dist/bin.cjs or dist/bin.js → bundle-loader.js) loads these; see src/bundle-loader.ts
 * for why. The launcher itself is bundled too, into dist/bin.cjs (see src/bin-cjs.ts).
 *
 *   node scripts/bundle.mjs
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = fileURLToPath(new URL('../dist/bundle/', import.meta.url));
/** The command modules of src/commands/registry.ts (help texts stay plain modules: they are tiny). */
export const COMMANDS = ['feed', 'validate', 'auto', 'capture', 'schema', 'renderer', 'article', 'opml'];

rmSync(OUT, { recursive: true, force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: COMMANDS.map((name) => ({ in: `src/commands/${name}.ts`, out: name })),
  outdir: OUT,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  // Loaded by the commands that need them, from packages/cli/node_modules (dependencies of this
  // package): the browser client and its WebSocket library are large and used only with the
  // renderer, and core requires chrono-node's languages, turndown and re2js (the filters' regular
  // expressions; most feeds have none) by name at run time.
  external: ['puppeteer-core', 'ws', 'ioredis', 'chrono-node', 'chrono-node/*', 'turndown', 're2js'],
  // The bundle is CommonJS: `import.meta.url` becomes the bundle's own file URL.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "'use strict';\nconst __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Whitespace and syntax only: names stay (the training run finds `<command>Command` by name, and
  // error messages never print code). A third less to read and hash per run (validate: 0.55 →
  // 0.39 MB); the source map still points into the TypeScript sources.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
});
if (result.errors.length > 0) process.exit(1);

// The launcher (package.json `bin`): src/bin-cjs.ts with main, the command registry, errors and
// the bundle loader in one CommonJS file, so a run needs no ES module loader (see bin-cjs.ts).
// Each command's fallback `import('./<command>.js')` (used when a command has no bundle) stays a
// real import of the built ES module beside it, dist/commands/<command>.js.
const launcher = await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/bin-cjs.ts'],
  outfile: fileURLToPath(new URL('../dist/bin.cjs', import.meta.url)),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.19',
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "#!/usr/bin/env node\n'use strict';\nconst __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [
    {
      name: 'command-modules-stay-external',
      setup(context) {
        context.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) =>
          args.kind === 'dynamic-import' && args.importer.endsWith('/src/commands/registry.ts') ? { path: `./commands/${basename(args.path)}`, external: true } : undefined,
        );
      },
    },
  ],
  logLevel: 'warning',
});
if (launcher.errors.length > 0) process.exit(1);

for (const name of COMMANDS) {
  const run = spawnSync(process.execPath, [fileURLToPath(new URL('./train-cache.mjs', import.meta.url)), name], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(`bundle: training the code cache of "${name}" failed:\n${run.stderr}${run.stdout}`);
    process.exit(1);
  }
}
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.cjs'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
process.stdout.write(`bundled ${COMMANDS.length} commands into dist/bundle (${(bytes / 1024 / 1024).toFixed(1)} MiB) with code caches, and the launcher into dist/bin.cjs\n`);
