#!/usr/bin/env node
/**
 * Rebuilds the scrapinghub article-extraction-benchmark pages into `pages/` (git-ignored): the 181
 * gzip'd HTML files and the benchmark's ground truth and evaluate.py, each checked against the
 * sha256 in `manifest.json`. Third-party pages never enter this repository; only the manifest does.
 *
 *   node bench/article-extraction/rebuild.mjs [--from <git dir of a clone>] [--write-manifest]
 *
 * Without --from, the repository is cloned (git, shallow fetch of the pinned commit) into
 * `pages/.source`. --write-manifest records the hashes of what was read (first import only).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'pages');
const manifestPath = join(here, 'manifest.json');
const REPOSITORY = 'https://github.com/scrapinghub/article-extraction-benchmark';
const COMMIT = '4a3bc979f76c0df73cb95fe272e2fc1b96f9f010';

const args = process.argv.slice(2);
const fromIndex = args.indexOf('--from');
const writeManifest = args.includes('--write-manifest');
let gitDir = fromIndex >= 0 ? args[fromIndex + 1] : undefined;

const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : undefined;
const commit = manifest?.commit ?? COMMIT;
mkdirSync(out, { recursive: true });
if (gitDir === undefined) gitDir = cloneInto(join(out, '.source'), manifest?.repository ?? REPOSITORY, commit);

const git = (...argv) => execFileSync('git', ['--git-dir', gitDir, ...argv], { maxBuffer: 1 << 28 });
const resolved = git('rev-parse', `${commit}^{commit}`).toString().trim();
if (manifest && resolved !== manifest.commit) fail(`commit ${resolved} is not the manifest's ${manifest.commit}`);
const paths = git('ls-tree', '-r', '--name-only', resolved).toString().split('\n')
  .filter((p) => /^html\/[0-9a-f]{64}\.html\.gz$/.test(p) || p === 'ground-truth.json' || p === 'evaluate.py');

const entries = [];
mkdirSync(join(out, 'html'), { recursive: true });
for (const path of paths.sort()) {
  const bytes = git('show', `${resolved}:${path}`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const expected = manifest?.files.find((f) => f.path === path);
  if (manifest && !expected) fail(`${path} is not in the manifest`);
  if (expected && expected.sha256 !== sha256) fail(`${path}: sha256 ${sha256}, manifest says ${expected.sha256}`);
  entries.push({ path, sha256 });
  if (path.endsWith('.gz')) writeFileSync(join(out, path.replace(/\.gz$/, '')), gunzipSync(bytes));
  else writeFileSync(join(out, path), bytes);
}
if (manifest && entries.length !== manifest.files.length) fail(`read ${entries.length} files, manifest lists ${manifest.files.length}`);
if (writeManifest) {
  const record = { repository: manifest?.repository ?? REPOSITORY, commit: resolved, files: entries };
  writeFileSync(manifestPath, JSON.stringify(record, null, 1) + '\n');
}
console.log(`rebuilt ${entries.length} files from ${resolved.slice(0, 12)} into ${out}`);

function cloneInto(dir, repository, wanted) {
  if (!existsSync(join(dir, 'HEAD'))) {
    execFileSync('git', ['init', '--bare', '-q', dir]);
    execFileSync('git', ['--git-dir', dir, 'fetch', '-q', '--depth', '1', repository, wanted], { stdio: 'inherit' });
  }
  return dir;
}

function fail(message) {
  console.error(`rebuild: ${message}`);
  process.exit(1);
}
