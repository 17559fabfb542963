/**
 * Where the extraction worker's code is, and the Node options it starts with. The built server
 * (dist/pool/*.js) starts worker.js beside this file. Run from its TypeScript sources (vitest,
 * tsx), it starts worker.ts through ts-worker.mjs, which loads tsx in the worker.
 *
 * Either way the worker resolves workspace packages to their builds: the options that change how
 * modules are found or loaded (`--conditions=source`, `--import tsx`, loaders) are not passed on,
 * since a worker inherits them but Node 20 does not apply a parent's module hooks to it (with
 * `--conditions=source` alone it would find `.ts` sources it cannot load).
 */
export interface WorkerEntry {
  readonly url: URL;
  readonly data: Readonly<Record<string, unknown>>;
  readonly execArgv: string[];
}

const MODULE_OPTIONS = new Set(['--conditions', '-C', '--import', '--require', '-r', '--loader', '--experimental-loader']);

/** `argv` without the module-loading options and their values (`--import x` and `--import=x`). */
export function workerExecArgv(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const option = argv[index]!;
    const name = option.split('=', 1)[0]!;
    if (!MODULE_OPTIONS.has(name)) {
      kept.push(option);
      continue;
    }
    if (!option.includes('=')) index += 1; // The value is the next argument.
  }
  return kept;
}

export function workerEntry(): WorkerEntry {
  const execArgv = workerExecArgv(process.execArgv);
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./worker.js', import.meta.url), data: {}, execArgv };
  return { url: new URL('./ts-worker.mjs', import.meta.url), data: { entry: new URL('./worker.ts', import.meta.url).href }, execArgv };
}
