import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built CLI as users run it (`pnpm pagefeed` = node dist/bin.js): each command from its
 * bundle and code cache (scripts/bundle.mjs, src/bundle-loader.ts). Builds the package first, so
 * the bundles are those of the current sources.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = join(ROOT, 'dist/bin.js');
/** The installed `pagefeed` (package.json `bin`): the same launcher bundled as CommonJS (src/bin-cjs.ts). */
const BIN_CJS = join(ROOT, 'dist/bin.cjs');
const TRAINING = join(ROOT, 'scripts/training');
let work: string;

function pagefeed(args: string[], env: Record<string, string> = {}, bin = BIN) {
  return spawnSync(process.execPath, [bin, ...args], { cwd: work, encoding: 'utf8', timeout: 120_000, env: { ...process.env, DATA_DIR: join(work, 'data'), ...env } });
}

beforeAll(() => {
  const build = spawnSync('pnpm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', timeout: 600_000 });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  expect(build.stdout).toMatch(/bundled \d+ commands into dist\/bundle/);
  work = mkdtempSync(join(tmpdir(), 'pagefeed-bundle-test-'));
}, 660_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the bundled CLI', () => {
  it('validates a feeds file from its bundle', () => {
    const result = pagefeed(['validate', join(TRAINING, 'feeds.yml')]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('3 of 3 feeds valid');
  });

  it('reports an invalid feed with its path and exit 1, no stack trace', () => {
    const file = join(work, 'bad.yml');
    writeFileSync(file, 'feeds:\n  news:\n    channel:\n      url: https://example.org/\n      time_zone: Mars/Olympus\n    selectors:\n      items:\n        selector: "li"\n      title:\n        selector: "a"\n');
    const result = pagefeed(['validate', file]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^pagefeed: ConfigurationInvalid: feeds\.news\.channel\.time_zone: unknown time zone "Mars\/Olympus"/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('builds a feed with auto --input and with feed --input', () => {
    const auto = pagefeed(['auto', 'https://example.org/blog/', '--input', join(TRAINING, 'page.html'), '--format', 'json']);
    expect(auto.status, auto.stderr).toBe(0);
    const feed = JSON.parse(auto.stdout) as { items: { url: string }[] };
    expect(feed.items.length).toBe(24);
    expect(feed.items[0]?.url).toBe('https://example.org/blog/2025/post-1');
    const selectors = pagefeed(['feed', join(TRAINING, 'feeds.yml'), 'releases', '--input', join(TRAINING, 'page.html')]);
    expect(selectors.status, selectors.stderr).toBe(0);
    expect(selectors.stdout.match(/<item>/g)?.length).toBe(24);
  });

  it('keeps exit 2 for usage mistakes raised inside a bundle, and 1 with one line for a missing file', () => {
    const usage = pagefeed(['auto']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^pagefeed: UsageError: auto expects exactly one <url>/);
    const missing = pagefeed(['validate', 'no-such.yml']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^pagefeed: InputInvalid: Cannot read .*no-such\.yml: ENOENT/);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  });

  it('maps a stack trace to the TypeScript sources under PAGEFEED_DEBUG', () => {
    const result = pagefeed(['validate', 'no-such.yml'], { PAGEFEED_DEBUG: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/\n\s+at .*src\/commands\/validate\.ts:\d+/);
  });
});

describe('the CommonJS launcher (dist/bin.cjs, the package\'s bin)', () => {
  it('is what package.json installs as pagefeed', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string>; version: string };
    expect(manifest.bin['pagefeed']).toBe('./dist/bin.cjs');
    const version = pagefeed(['--version'], {}, BIN_CJS);
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout).toBe(`${manifest.version}\n`);
  });

  it('runs commands from their bundles with the same output and exit codes as dist/bin.js', () => {
    const file = join(work, 'bad-cjs.yml');
    writeFileSync(file, 'feeds:\n  news:\n    channel:\n      url: https://example.org/\n      time_zone: Mars/Olympus\n    selectors:\n      items:\n        selector: "li"\n      title:\n        selector: "a"\n');
    const runs = [['validate', join(TRAINING, 'feeds.yml')], ['validate', file], ['validate', 'no-such.yml'], ['auto'], ['frobnicate'], ['help', 'validate']];
    for (const args of runs) {
      const esm = pagefeed(args);
      const cjs = pagefeed(args, {}, BIN_CJS);
      expect({ args, status: cjs.status, stdout: cjs.stdout, stderr: cjs.stderr }).toEqual({ args, status: esm.status, stdout: esm.stdout, stderr: esm.stderr });
    }
    expect(pagefeed(['validate', file], {}, BIN_CJS).status).toBe(1);
    expect(pagefeed(['auto'], {}, BIN_CJS).status).toBe(2);
    const auto = pagefeed(['auto', 'https://example.org/blog/', '--input', join(TRAINING, 'page.html'), '--format', 'json'], {}, BIN_CJS);
    expect(auto.status, auto.stderr).toBe(0);
    expect((JSON.parse(auto.stdout) as { items: unknown[] }).items.length).toBe(24);
  });
});
