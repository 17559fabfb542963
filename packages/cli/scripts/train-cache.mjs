/**
 * Makes the V8 code cache of one command bundle (called by bundle.mjs, one fresh process per
 * command): loads dist/bundle/<command>.cjs, runs the command over scripts/training/ the way a
 * user would (output discarded, first-seen dates in a temporary DATA_DIR), then writes the cache,
 * which now holds the bytecode of every function that ran.
 *
 *   node scripts/train-cache.mjs <command>
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlePath, loadBundle } from '../dist/bundle-loader.js';

const name = process.argv[2];
const TRAINING = fileURLToPath(new URL('./training/', import.meta.url));
const FEEDS = join(TRAINING, 'feeds.yml');
const PAGE = join(TRAINING, 'page.html');
const URL_ = 'https://example.org/blog/';

/** The runs that warm each command; commands not listed (renderer: starts a server) are only loaded. */
const RUNS = {
  validate: [['validate', FEEDS]],
  feed: [['feed', FEEDS, 'releases', '--input', PAGE], ['feed', FEEDS, 'by-topic', '--input', PAGE, '--format', 'atom'], ['feed', FEEDS, 'automatic', '--input', PAGE, '--format', 'json']],
  auto: [['auto', URL_, '--input', PAGE], ['auto', URL_, '--input', PAGE, '--format', 'atom'], ['auto', URL_, '--input', PAGE, '--format', 'json']],
  capture: [['capture', URL_, '--input', PAGE]],
  article: [['article', `${URL_}post-1`, '--input', PAGE]],
  opml: [['opml', FEEDS]],
  schema: [['schema']],
};

const path = bundlePath(name);
if (!path) throw new Error(`no bundle for "${name}"; run scripts/bundle.mjs`);
const dataDir = mkdtempSync(join(tmpdir(), 'pagefeed-train-'));
try {
  const bundle = loadBundle(path, {});
  const run = Object.values(bundle.exports).find((value) => typeof value === 'function' && value.name === `${camel(name)}Command`);
  // A generous extraction budget: the training page is small, but a build on a loaded machine must
  // not fail because a warm-up run took longer than a user's default 10 s (it did, at load 17).
  const budget = process.env.EXTRACTION_TIMEOUT_SECONDS ?? '600';
  const io = { stdout: () => {}, stderr: () => {}, env: { DATA_DIR: dataDir, EXTRACTION_TIMEOUT_SECONDS: budget }, cwd: dataDir, interactive: false };
  for (const argv of RUNS[name] ?? []) {
    if (!run) throw new Error(`bundle "${name}" exports no ${camel(name)}Command`);
    const code = await run(argv.slice(1), io);
    if (code !== 0) throw new Error(`pagefeed ${argv.join(' ')} exited with ${code}`);
  }
  writeFileSync(`${path}.cache`, bundle.createCache());
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

function camel(text) {
  return text.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
}
