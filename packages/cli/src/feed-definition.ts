import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { FeedError, loadFeedConfigFromPath, loadFeedsFileFromPath, type FeedConfig } from '@pagefeed/core';
import { parse } from 'yaml';
import { usage } from './errors.js';
import type { CliIo } from './io.js';

/**
 * The feed `pagefeed feed FILE [NAME]` generates. FILE is a feeds.yml (`feeds:` by name; NAME may
 * be left out when it holds one feed) or a single html2rss feed config (channel and selectors at
 * the top level, no `feeds:`), as the configuration docs promise.
 */
export async function feedDefinition(io: CliIo, file: string, name: string | undefined): Promise<FeedConfig> {
  const path = resolve(io.cwd, file);
  if (await isSingleFeedConfig(path)) {
    if (name !== undefined) throw usage(`${file} is a single feed config (no feeds:), so it takes no feed name; run: pagefeed feed ${file}`);
    return loadFeedConfigFromPath(path, io.env);
  }
  const feedsFile = await loadFeedsFileFromPath(path, io.env);
  const known = Object.keys(feedsFile.feeds);
  if (name === undefined) {
    if (known.length === 1) return feedsFile.feeds[known[0]!]!;
    throw usage(`feed expects <feeds.yml> <name>: ${file} defines ${known.length === 0 ? 'no feeds' : `the feeds ${known.join(', ')}`}`);
  }
  const declared = feedsFile.feeds[name];
  if (!declared) {
    throw new FeedError('FeedNotFound', `No feed named "${name}" in ${file}`, {
      hint: known.length > 0 ? `known feeds: ${known.join(', ')}` : 'the file defines no feeds under `feeds:`',
    });
  }
  return declared;
}

/** A mapping without `feeds:` that has what a feed config has. Unreadable or invalid YAML: not decided here. */
async function isSingleFeedConfig(path: string): Promise<boolean> {
  let value: unknown;
  try {
    const text = await readFile(path, 'utf8');
    // A top-level `feeds:` line settles it without a second parse of the YAML (costly when cold).
    if (/^feeds[ \t]*:/m.test(text)) return false;
    value = parse(text);
  } catch {
    return false;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return !keys.includes('feeds') && (keys.includes('channel') || keys.includes('selectors'));
}
