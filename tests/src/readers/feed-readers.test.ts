import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, parseFeedConfig, type Feed, type FeedFormat } from '@pagefeed/core';
import { createFileFirstSeen, createStrategies, decodeBody } from '@pagefeed/fetchers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeed } from '../../../testing/check-feed.js';
import { PYTHON_PATH, requireFeedparser, requireNewsboat } from '../../../testing/system.js';

const feedparser = requireFeedparser();
const newsboat = requireNewsboat();

/** Corpus pages whose items show their dates, and one whose items show none. */
const CORPUS = new URL('../../../../shared/corpus/', import.meta.url);
const PAGES = ['feedless__11-audacityteam-org', 'html2rss__nuxt_releases_2019', 'greybird__carbone_changelog', 'feedless__00-paulgraham-com-articles'];
const BUILD = Date.parse('2026-03-10T12:00:00Z');
const FORMATS: readonly FeedFormat[] = ['rss', 'atom', 'json'];

interface Built {
  readonly feed: Feed;
  readonly documents: Record<FeedFormat, string>;
}

describe('every format read back by real feed readers', () => {
  let directory: string;
  const built = new Map<string, Built>();

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'pagefeed-readers-'));
    const engine = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource(), firstSeen: createFileFirstSeen({ directory: join(directory, 'first-seen') }) });
    for (const name of PAGES) {
      const truth = JSON.parse(await readFile(new URL(`truth/${name}.json`, CORPUS), 'utf8')) as { file: string; url: string };
      const { text } = decodeBody(await readFile(new URL(`pages/${truth.file}`, CORPUS)), 'text/html');
      const config = parseFeedConfig({ channel: { url: truth.url }, auto_source: true }, { path: name });
      const { feed } = await engine.generate(config, { source: { url: truth.url, status: 200, headers: {}, body: text, contentType: 'text/html' }, now: BUILD });
      const documents = Object.fromEntries(FORMATS.map((format) => [format, engine.render(feed, format)])) as Record<FeedFormat, string>;
      built.set(name, { feed, documents });
    }
  }, 60_000);

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  describe.skipIf(!feedparser.available)('Python feedparser and the JSON Feed 1.1 checker', () => {
    it.each(PAGES.flatMap((name) => FORMATS.map((format) => [name, format] as const)))('%s as %s passes', (name, format) => {
      const result = checkFeed(built.get(name)!.documents[format]);
      expect(result.ok, result.output).toBe(true);
    });

    it.each(PAGES)('feedparser reads the dates of %s as the engine made them (none for undated RSS items)', (name) => {
      const { feed, documents } = built.get(name)!;
      for (const format of ['rss', 'atom'] as const) {
        const read = feedparserDates(documents[format]);
        const expected = feed.items.map((item) => {
          const own = item.published_at ?? item.updated_at;
          const shown = format === 'atom' ? (item.updated_at ?? item.published_at ?? item.first_seen_at) : own;
          return shown ? Math.round(shown.getTime() / 1000) : null;
        });
        expect(read, format).toEqual(expected);
      }
    });
  });

  describe.skipIf(!newsboat.available)('newsboat', () => {
    it.each(PAGES.slice(0, 3))('reads the RSS and Atom of %s with the page\'s dates', async (name) => {
      const { feed, documents } = built.get(name)!;
      const dated = feed.items.filter((item) => item.published_at);
      expect(dated.length).toBeGreaterThanOrEqual(3);
      for (const format of ['rss', 'atom'] as const) {
        const read = await newsboatItems(directory, `${name}-${format}`, documents[format]);
        for (const item of dated) {
          expect(read.get(item.title ?? ''), `${format} ${item.title}`).toBe(Math.round(item.published_at!.getTime() / 1000));
        }
        for (const time of read.values()) expect(time).toBeGreaterThan(Date.UTC(1990, 0, 1) / 1000);
      }
    });
  });
});

/** The dates feedparser reads for each entry (published, else updated), in seconds; null when none. */
function feedparserDates(document: string): (number | null)[] {
  const script = [
    'import calendar, json, sys, feedparser',
    'feed = feedparser.parse(sys.stdin.buffer.read())',
    'out = []',
    'for entry in feed.entries:',
    '    parsed = entry.get("published_parsed") or entry.get("updated_parsed")',
    '    out.append(calendar.timegm(parsed) if parsed else None)',
    'print(json.dumps(out))',
  ].join('\n');
  return JSON.parse(execFileSync(PYTHON_PATH, ['-c', script], { input: document, encoding: 'utf8' })) as (number | null)[];
}

/** Runs newsboat's reload on the document (an `exec:` source, no network) and reads its cache: title → date (s). */
async function newsboatItems(directory: string, name: string, document: string): Promise<Map<string, number>> {
  const feedFile = join(directory, `${name}.xml`);
  const cache = join(directory, `${name}.db`);
  await writeFile(feedFile, document);
  await writeFile(join(directory, `${name}.urls`), `"exec:cat ${feedFile}"\n`);
  await writeFile(join(directory, `${name}.config`), '');
  execFileSync('newsboat', ['-u', join(directory, `${name}.urls`), '-c', cache, '-C', join(directory, `${name}.config`), '-x', 'reload'], {
    env: { ...process.env, HOME: directory },
    stdio: 'ignore',
    timeout: 60_000,
  });
  const rows = execFileSync(PYTHON_PATH, ['-c', 'import json, sqlite3, sys; print(json.dumps(sqlite3.connect(sys.argv[1]).execute("select title, pubDate from rss_item").fetchall()))', cache], { encoding: 'utf8' });
  return new Map(JSON.parse(rows) as [string, number][]);
}
