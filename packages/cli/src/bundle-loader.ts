import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script, constants } from 'node:vm';

/**
 * Start-up speed of the built CLI (issue #21). `pnpm build` bundles each command with its
 * dependencies into one CommonJS file (`dist/bundle/<command>.cjs`, scripts/bundle.mjs) and stores
 * V8's code cache for it (`<command>.cjs.cache`), made by running the command once at build time.
 * A run then compiles only one file, and V8 takes its bytecode from the cache instead of parsing
 * and compiling the engine's modules again: `validate` and `auto --input` start 2–3× faster
 * (BENCHMARKS.md §7, benchmark 9).
 *
 * Why not Node's own compile cache: `module.enableCompileCache` needs Node 22.1; this package
 * supports Node 20.19, whose only code-cache API is `vm.Script`'s `cachedData` (also what
 * `v8-compile-cache` uses, but that library caches `require`d files in the temporary directory at
 * run time; here the cache is made once at build time beside the bundle and never written at run
 * time). A cache made by another Node or V8 is rejected by V8 and the file is compiled as usual.
 */

export interface LoadedBundle {
  readonly exports: Record<string, unknown>;
  /** V8's code cache as it is now (after the code ran), for the build's training run. */
  readonly createCache: () => Buffer;
  /** True when a cache file was there and V8 accepted it. */
  readonly cacheAccepted: boolean;
}

/** `dist/bundle/<name>.cjs` beside the built `dist/bundle-loader.js`; undefined when not bundled. */
export function bundlePath(name: string): string | undefined {
  const path = fileURLToPath(new URL(`./bundle/${name}.cjs`, import.meta.url));
  return existsSync(path) ? path : undefined;
}

/** Compiles and runs one bundle as a CommonJS module, with its code cache when there is one. */
export function loadBundle(path: string, env: Readonly<Record<string, string | undefined>> = process.env): LoadedBundle {
  if (env['PAGEFEED_DEBUG']) {
    // Stack traces point into the TypeScript sources through the bundle's source map. Node applies
    // maps to files its own loader compiles (not to vm.Script), so a debug run loads the bundle
    // with `require`, without the code cache.
    process.setSourceMapsEnabled(true);
    const exports = createRequire(import.meta.url)(path) as Record<string, unknown>;
    return { exports, createCache: () => Buffer.alloc(0), cacheAccepted: false };
  }
  const source = readFileSync(path, 'utf8');
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(`${path}.cache`);
  } catch {
    cachedData = undefined; // No cache (not made, or removed): compile as usual.
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, {
    filename: path,
    ...(cachedData ? { cachedData } : {}),
    // import() inside the bundle (puppeteer-core, chosen languages of chrono-node) uses Node's loader.
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} as Record<string, unknown> };
  const factory = script.runInThisContext() as (...args: unknown[]) => void;
  factory.call(module.exports, module.exports, createRequire(path), module, path, dirname(path));
  return { exports: module.exports, createCache: () => script.createCachedData(), cacheAccepted: cachedData !== undefined && !script.cachedDataRejected };
}

/**
 * One command's module: the bundle when the CLI was built with one, otherwise `fallback` (the
 * plain ES module, as under tests and `tsx`).
 */
export async function loadCommandModule<T>(name: string, fallback: () => Promise<T>): Promise<T> {
  const path = bundlePath(name);
  return path ? (loadBundle(path).exports as T) : fallback();
}
