#!/usr/bin/env node
// score.mjs — scores `pagefeed auto` on the public corpus (../shared/corpus) and on pagefeed's own
// corpus (corpus/truth + pages rebuilt by corpus/rebuild.mjs) with the shared scorer, the way a new
// user would run it: `pnpm -s pagefeed auto {url} --input {file} --format json --json-errors`.
//
//   node corpus/score.mjs [--only REGEX] [--jobs N] [--skip-shared] [--json DIR]
//
// Needs a build (`pnpm build`) and, for the own corpus, the rebuilt pages (`pnpm corpus:rebuild`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const SHARED = process.env.PAGEFEED_SHARED || resolve(ROOT, '../shared');
// The scorer runs only when started by its real path (it compares its own URL with argv[1]).
const SCORER_PATH = join(SHARED, 'tools/score-corpus.mjs');
const COMMAND = 'pnpm -s pagefeed auto {url} --input {file} --format json --json-errors';

const argv = process.argv.slice(2);
const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const jobs = value('--jobs') ?? '2';
const only = value('--only');
const jsonDir = value('--json') ?? join(HERE, 'results');

function fail(message) {
  console.error(`corpus:score: ${message}`);
  process.exit(2);
}

if (!existsSync(SCORER_PATH)) fail(`the shared scorer is missing at ${SCORER_PATH} (set PAGEFEED_SHARED to the folder holding tools/ and corpus/)`);
if (!existsSync(join(ROOT, 'packages/cli/dist/bin.js'))) fail('pagefeed is not built: run `pnpm build` first');
const SCORER = realpathSync(SCORER_PATH);
// With --only, only the pages it selects need to be rebuilt (the scorer applies the same pattern
// to the truth file names).
const onlyPattern = only ? new RegExp(only) : null;
const truths = readdirSync(join(HERE, 'truth'))
  .filter((name) => name.endsWith('.json'))
  .filter((name) => !onlyPattern || onlyPattern.test(name.slice(0, -5)));
const missing = truths
  .map((name) => JSON.parse(readFileSync(join(HERE, 'truth', name), 'utf8')).file)
  .filter((file) => !existsSync(join(HERE, 'pages', file)));
if (missing.length) fail(`${missing.length} pages are not rebuilt (e.g. ${missing[0]}): run \`pnpm corpus:rebuild\` (it says which repositories to fetch)`);
mkdirSync(jsonDir, { recursive: true });

const runs = [
  ...(argv.includes('--skip-shared') ? [] : [{ label: 'public corpus (../shared/corpus)', corpus: join(SHARED, 'corpus'), json: 'shared.json' }]),
  { label: 'own corpus (corpus/)', corpus: HERE, json: 'own.json' },
];
let status = 0;
for (const run of runs) {
  console.log(`\n== ${run.label}`);
  const args = [SCORER, '--corpus', run.corpus, '--cmd', COMMAND, '--jobs', jobs, '--json', join(jsonDir, run.json)];
  if (only) args.push('--only', only);
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  status ||= result.status ?? 1;
}
process.exit(status);
