import { writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { FeedError, parseFeedConfig, type Candidate, type FeedConfig } from '@pagefeed/core';
import { usage } from '../errors.js';
import type { CliIo } from '../io.js';
import { runAuto } from './auto.js';

export const captureHelp = `pagefeed capture <url> [options]

Run automatic extraction once and write the winning candidate back as a selectors config: a
feeds.yml entry that reproduces the items without auto-source (cheaper, and yours to tune).

  --name NAME                   feed name in the entry (default: from the URL's host)
  --output FILE                 write the entry to FILE instead of stdout (refuses to overwrite without --force)
  --strategy plain|renderer     how to fetch the page (default plain)
  --input FILE                  read the page from FILE; <url> is its address
  --json-errors                 print errors as JSON on stderr`;

export async function captureCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { engine, config, result, values, source } = await runAuto('capture', argv, io);
  const candidates = result.diagnostics.autoSource?.candidates ?? [];
  const winner = candidates[0]?.selectors ? candidates[0] : candidates.find((candidate) => candidate.selectors);
  if (winner && winner !== candidates[0]) {
    io.stderr(`note: the winner (${candidates[0]?.scraper}) has no selectors; capturing the best DOM candidate instead\n`);
  }
  if (!winner?.selectors) {
    throw new FeedError('NoScrapersFound', `Auto-source found items with ${result.diagnostics.autoSource?.scraper ?? 'no scraper'}, which has no CSS selectors to capture`, {
      hint: 'structured data (JSON-LD, app state) cannot be written as selectors; keep auto_source: true for this page',
    });
  }
  const name = values.name ?? defaultName(config.channel.url);
  const entry = toFeedEntry(config, result.feed.channel.title, winner);
  // Prove the captured selectors form a valid config that reproduces the items before handing them over.
  const captured = parseFeedConfig(entry, { path: `feeds.${name}` });
  const check = await engine.generate(captured, source ? { source } : {});
  io.stderr(`captured ${winner.scraper} ${winner.source}: selectors give ${check.feed.items.length} items (auto-source gave ${result.feed.items.length})\n`);
  const yaml = stringify({ feeds: { [name]: entry } });
  if (values.output) {
    const path = resolve(io.cwd, values.output);
    if (existsSync(path) && !values.force) throw usage(`${values.output} exists; pass --force to overwrite it, or omit --output to print the entry`);
    await writeFile(path, yaml);
    io.stderr(`wrote ${path}\n`);
  } else {
    io.stdout(yaml);
  }
  return 0;
}

type Entry = Record<string, unknown> & { selectors: Record<string, unknown> };

function toFeedEntry(config: FeedConfig, title: string, candidate: Candidate): Entry {
  const selectors = candidate.selectors!;
  const parts: Record<string, unknown> = {};
  for (const [part, selector] of Object.entries(selectors.parts)) parts[part] = { ...selector };
  return {
    channel: { url: config.channel.url, title },
    ...(config.strategy === 'plain' ? {} : { strategy: config.strategy }),
    selectors: { items: { selector: selectors.items }, ...parts },
  };
}

function defaultName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'captured';
  } catch {
    return 'captured';
  }
}
