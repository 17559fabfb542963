#!/usr/bin/env node
// rebuild.mjs — rebuild the pages of pagefeed's own extraction corpus from the public repositories
// that keep them, into corpus/pages/ (git-ignored), and check each page's sha256.
//
//   node corpus/rebuild.mjs [--mirror DIR] [--only REGEX] [--check]
//
// corpus/manifest.tsv names, for every page: the file it becomes, the repository, the commit, the
// path inside that commit, the sha256 of the rebuilt page and how to unpack the blob (`raw`: the blob
// as stored; `gunzip`: a gzip blob). Repositories are read as bare git directories under the mirror
// folder (default /work/.mirror, or $PAGEFEED_CORPUS_MIRROR), one per repository, named
// `<owner>+<name>/repo` (the layout of a `git clone --bare` into that path). Pages are third-party
// text: they never go into this repository; only the manifest and our truth records do.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const HERE = dirname(fileURLToPath(import.meta.url));
export const MANIFEST = join(HERE, 'manifest.tsv');
export const PAGES = join(HERE, 'pages');
const COLUMNS = ['file', 'repository', 'commit', 'path', 'sha256', 'unpack'];

/** Reads corpus/manifest.tsv into rows; throws with the line number on a malformed line. */
export function readManifest(text = readFileSync(MANIFEST, 'utf8')) {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const header = lines.shift()?.split('\t') ?? [];
  if (header.join(',') !== COLUMNS.join(',')) throw new Error(`manifest.tsv: the header must be ${COLUMNS.join(' TAB ')}`);
  return lines.map((line, index) => {
    const cells = line.split('\t');
    if (cells.length !== COLUMNS.length) throw new Error(`manifest.tsv line ${index + 2}: expected ${COLUMNS.length} tab-separated columns, found ${cells.length}`);
    const row = Object.fromEntries(COLUMNS.map((name, i) => [name, cells[i].trim()]));
    if (!/^[0-9a-f]{40}$/.test(row.commit)) throw new Error(`manifest.tsv line ${index + 2}: commit must be 40 hex digits`);
    if (!/^[0-9a-f]{64}$/.test(row.sha256)) throw new Error(`manifest.tsv line ${index + 2}: sha256 must be 64 hex digits`);
    if (!['raw', 'gunzip'].includes(row.unpack)) throw new Error(`manifest.tsv line ${index + 2}: unpack must be raw or gunzip`);
    return row;
  });
}

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

export function gitDirOf(mirror, repository) {
  const dir = join(mirror, repository.replace('/', '+'), 'repo');
  // A bare clone is the folder itself; an ordinary clone keeps its git directory in .git.
  return existsSync(join(dir, '.git')) ? join(dir, '.git') : dir;
}

/** The page's bytes from the repository blob, unpacked; throws a message naming what is missing. */
export function readPage(mirror, row) {
  const gitDir = gitDirOf(mirror, row.repository);
  if (!existsSync(gitDir)) {
    throw new Error(`repository ${row.repository} is not in ${mirror}: fetch it (git clone --bare https://github.com/${row.repository} ${gitDir})`);
  }
  let blob;
  try {
    blob = execFileSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', `${row.commit}:${row.path}`], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    throw new Error(`${row.repository} has no ${row.path} at commit ${row.commit}: fetch that commit (git --git-dir ${gitDir} fetch origin ${row.commit})`);
  }
  return row.unpack === 'gunzip' ? gunzipSync(blob) : blob;
}

function parseArgs(argv) {
  const options = { mirror: process.env.PAGEFEED_CORPUS_MIRROR || '/work/.mirror', only: undefined, check: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--mirror') options.mirror = argv[++i];
    else if (argv[i] === '--only') options.only = new RegExp(argv[++i]);
    else if (argv[i] === '--check') options.check = true;
    else throw new Error(`unknown argument ${argv[i]} (usage: node corpus/rebuild.mjs [--mirror DIR] [--only REGEX] [--check])`);
  }
  return options;
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const rows = readManifest().filter((row) => !options.only || options.only.test(row.file));
  mkdirSync(PAGES, { recursive: true });
  const missing = new Map();
  let written = 0;
  let bad = 0;
  for (const row of rows) {
    let bytes;
    try {
      bytes = readPage(options.mirror, row);
    } catch (error) {
      missing.set(row.repository, error.message);
      continue;
    }
    const digest = sha256(bytes);
    if (digest !== row.sha256) {
      bad++;
      console.error(`${row.file}: sha256 ${digest} differs from the manifest's ${row.sha256} (${row.repository} ${row.commit} ${row.path})`);
      continue;
    }
    if (!options.check) writeFileSync(join(PAGES, row.file), bytes);
    written++;
  }
  for (const message of missing.values()) console.error(message);
  const skipped = rows.length - written - bad;
  console.log(`${options.check ? 'checked' : 'rebuilt'} ${written}/${rows.length} pages into ${PAGES}${skipped ? `; ${skipped} pages missing from ${missing.size} repositories (above)` : ''}${bad ? `; ${bad} with a wrong sha256` : ''}`);
  process.exitCode = written === rows.length ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    main();
  } catch (error) {
    console.error(`corpus:rebuild: ${error.message}`);
    process.exitCode = 2;
  }
}
