#!/usr/bin/env node
/**
 * `pnpm --filter @pagefeed/server bundle`: the server's runtime as one esbuild bundle for `pnpm start`
 * (dist-start/main.js and the extraction worker beside it), built from the TypeScript sources of the
 * server and the workspace packages it imports, without declaration files or a type-check. A first
 * start then waits a few seconds for this instead of minutes for `tsc` over the dependency chain;
 * types are checked by `pnpm typecheck`, `pnpm build` (the `dist/` the tests and users import) and
 * the tests, none of which this replaces.
 *
 * npm packages stay outside the bundle, imported by a path relative to the bundle that leads to the
 * very file Node would load for the importing package (pnpm gives each workspace package its own
 * `node_modules`, which a bundle in the server's folder could not see). In workspace sources,
 * `import.meta.url` keeps meaning the source file (its `createRequire` and relative paths resolve
 * as before), except in the file that locates the extraction worker, which must find the bundled
 * worker beside the bundle.
 */
import { readFile, rm } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
// `--outdir DIR`: elsewhere (the bundle's own test builds one in a temporary folder).
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = resolve(values.outdir ?? `${root}dist-start`);
const WORKER_ENTRY = `${root}src/pool/worker-entry.ts`;

/** A relative import specifier from the bundle's folder to `file`. */
function fromBundle(file) {
  const path = relative(outdir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    // Bare specifiers that are not workspace packages: resolved where the importer is, kept outside.
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.path.startsWith('node:') || args.path.startsWith('@pagefeed/')) return undefined;
      const resolved = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      if (resolved.external) return resolved;
      return { path: fromBundle(resolved.path), external: true };
    });
    builder.onLoad({ filter: /[/\\](packages|apps)[/\\].*[/\\]src[/\\].*\.ts$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      if (args.path !== WORKER_ENTRY && contents.includes('import.meta.url')) {
        const source = JSON.stringify(fromBundle(args.path));
        contents = contents.replaceAll('import.meta.url', `new URL(${source}, import.meta.url).href`);
      }
      return { contents, loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: { main: `${root}src/main.ts`, worker: `${root}src/pool/worker.ts` },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Workspace packages from their TypeScript sources (their `source` export), not their builds.
  conditions: ['source'],
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  banner: { js: '// Built by packages/server/bundle.mjs for `pnpm start` from the TypeScript sources; not for import.' },
});
process.stderr.write(`server bundle: ${relative(process.cwd(), outdir) || '.'} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
