import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { startServerProcess } from '../test-support/server-process.js';

/**
 * First-seen times without Redis are kept in memory and written to DATA_DIR/first-seen behind the
 * answer (so a cold feed waits for no file): a graceful stop must write them all, so that after a
 * restart the undated items keep the Atom dates they had.
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Notes</title></head><body><ul id="notes">
<li><a href="/notes/1">First note, undated</a></li>
<li><a href="/notes/2">Second note, undated</a></li>
</ul></body></html>`;

const FEEDS_YML = `feeds:
  notes:
    channel:
      url: \${FIXTURE_ORIGIN}/notes
      title: Notes
    selectors:
      items:
        selector: '#notes li'
      title:
        selector: a
      url:
        selector: a
        extractor: href
`;

/** The `<updated>` of each Atom entry, by its id. */
function entryDates(atom: string): Record<string, string> {
  const dates: Record<string, string> = {};
  for (const entry of atom.split('<entry>').slice(1)) {
    const link = /<id>([^<]+)<\/id>/.exec(entry)?.[1];
    const updated = /<updated>([^<]+)<\/updated>/.exec(entry)?.[1];
    if (link && updated) dates[link] = updated;
  }
  return dates;
}

describe('first-seen times across a restart (files, written behind)', () => {
  let site: FixtureServer;
  let folder: string;

  beforeAll(async () => {
    site = await startFixtureServer({ '/notes': html(PAGE) });
    folder = mkdtempSync(join(tmpdir(), 'pagefeed-first-seen-restart-'));
    writeFileSync(join(folder, 'feeds.yml'), FEEDS_YML);
  });
  afterAll(async () => {
    await site?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('writes them by the time a stopped server exits, and a restarted one gives the same Atom dates', async () => {
    const env = {
      NODE_ENV: 'development',
      SERVICE_SECRET_KEY: 'first-seen-restart-key-0123456789abcdef',
      ALLOW_PRIVATE_NETWORKS: 'true',
      FEEDS_FILE: join(folder, 'feeds.yml'),
      FIXTURE_ORIGIN: site.origin,
      DATA_DIR: join(folder, 'data'),
      RENDERER_BUILTIN: 'false',
    };
    const first = await startServerProcess(env);
    let before: Record<string, string>;
    try {
      const response = await fetch(`${first.origin}/api/v1/feeds/notes.atom`);
      expect(response.status).toBe(200);
      before = entryDates(await response.text());
      expect(Object.keys(before)).toHaveLength(2);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // On disk once the process has exited: one record with both items' times.
    const directory = join(folder, 'data', 'first-seen');
    const files = readdirSync(directory);
    expect(files.filter((name) => name.endsWith('.json'))).toHaveLength(1);
    const record = JSON.parse(readFileSync(join(directory, files.find((name) => name.endsWith('.json'))!), 'utf8')) as { seen: Record<string, number> };
    const times = Object.values(record.seen);
    expect(times).toHaveLength(2);
    expect(Object.values(before).map((updated) => Date.parse(updated))).toEqual(times);

    const second = await startServerProcess(env);
    try {
      const response = await fetch(`${second.origin}/api/v1/feeds/notes.atom`);
      expect(response.headers.get('x-cache')).toBe('miss');
      expect(entryDates(await response.text())).toEqual(before);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
