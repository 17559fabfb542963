import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { FeedError, loadFeedsFile, predefinedFeedOutlines, renderOpml } from '@pagefeed/core';
import { parseCommandArgs, parseFormat } from '../args.js';
import { usage } from '../errors.js';
import type { CliIo } from '../io.js';

/** `pagefeed opml feeds.yml`: the predefined feeds as OPML (see `opmlHelp`). */
export async function opmlCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('opml', argv, { 'base-url': { type: 'string' }, format: { type: 'string' } });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw usage("opml expects exactly one <feeds.yml>; see 'pagefeed help opml'");
  const base = values['base-url'] ?? 'http://localhost:3000';
  let origin: URL;
  try {
    origin = new URL(base);
  } catch {
    throw usage(`--base-url must be an absolute http(s) address such as https://feeds.example.com (got "${base}")`);
  }
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') throw usage(`--base-url must use http or https (got "${base}")`);
  const format = parseFormat(values.format);
  const path = resolve(io.cwd, file);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new FeedError('InputInvalid', `Cannot read ${path}: ${error.code ?? error.message}`, { hint: 'check the path; it is read relative to the current directory' });
  });
  const feeds = loadFeedsFile(text, { source: file, env: io.env });
  const { outlines, skipped } = predefinedFeedOutlines(feeds.feeds, `${origin.href.replace(/\/+$/, '')}/api/v1`, format);
  for (const entry of skipped) io.stderr(`warning: feed "${entry.name}" left out: ${entry.reason}\n`);
  io.stdout(renderOpml('pagefeed feeds', outlines));
  return 0;
}
