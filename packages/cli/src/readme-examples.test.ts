import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFeedsFileFromPath } from '@pagefeed/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { run } from './main.js';
import { captureIo } from './test-support/capture-io.js';

/**
 * The README's command-line examples name feeds, parameters and flags of the shipped feeds.yml,
 * and the schema file feeds.yml points at is there and current. Offline: fetching is not tested
 * here; every name, flag and parameter an example uses is.
 */
const ROOT = new URL('../../../', import.meta.url);
const readme = readFileSync(new URL('README.md', ROOT), 'utf8');
const block = /## The command line[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const examples = block
  .split('\n')
  .flatMap((line) => line.split('&&'))
  .map((command) => command.replace(/#.*$/, '').trim())
  .filter((command) => command.startsWith('pnpm pagefeed '))
  .map((command) => command.slice('pnpm pagefeed '.length).split('>')[0]!.trim().split(/\s+/));

describe("the README's command-line examples", () => {
  it('are found', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
  });

  it.each(examples.filter(([command]) => command === 'feed'))('feed %s %s %s: the feed and its parameters exist in the shipped feeds.yml', async (_command, file, name, ...rest) => {
    expect(file).toBe('feeds.yml');
    const feeds = await loadFeedsFileFromPath(fileURLToPath(new URL('feeds.yml', ROOT)), {});
    expect(Object.keys(feeds.feeds)).toContain(name);
    const parameters = rest.flatMap((word, index) => (rest[index - 1] === '--param' ? [word.split('=')[0]] : []));
    for (const parameter of parameters) expect(Object.keys(feeds.feeds[name!]!.parameters)).toContain(parameter);
  });

  // Run offline: pages come from a saved file (`--input`) or a loopback site instead of the network.
  // Exit 2 is a usage error (unknown flag, missing argument); 0 or 1 is the page's verdict.
  let site: FixtureServer;
  let folder: string;
  const PAGE = '<!doctype html><html><head><title>Posts</title></head><body><main><article><h2><a href="/a">A post</a></h2></article></main></body></html>';
  beforeAll(async () => {
    site = await startFixtureServer({ '/': html(PAGE) });
    folder = mkdtempSync(join(tmpdir(), 'pagefeed-readme-'));
    writeFileSync(join(folder, 'page.html'), PAGE);
  });
  afterAll(async () => {
    await site?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it.each(examples.filter(([command]) => command !== 'renderer' && command !== 'schema'))('%s %s %s: its flags and arguments are accepted', async (...words) => {
    const offline = words.map((word) => (/^https?:\/\//.test(word) ? `${site.origin}/` : word === 'page.html' ? join(folder, 'page.html') : word));
    if (offline[0] === 'feed' && !offline.includes('--input')) offline.push('--input', join(folder, 'page.html'));
    const io = captureIo({ ALLOW_PRIVATE_NETWORKS: 'true' }, fileURLToPath(ROOT));
    const code = await run(offline, io);
    expect(code, io.err()).not.toBe(2);
    expect(io.err()).not.toContain('UsageError');
  });

  it('feeds.yml points at a schema file that exists and equals `pagefeed schema`', async () => {
    const feedsYml = readFileSync(new URL('feeds.yml', ROOT), 'utf8');
    const schemaPath = /\$schema=(\S+)/.exec(feedsYml)?.[1];
    expect(schemaPath).toBe('./feeds.schema.json');
    const io = captureIo();
    expect(await run(['schema'], io)).toBe(0);
    const shipped = readFileSync(new URL('feeds.schema.json', ROOT), 'utf8');
    expect(shipped, 'feeds.schema.json is out of date: run pnpm pagefeed schema > feeds.schema.json').toBe(io.out());
  });
});
