import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NEWSBOAT_PATH, PYTHON_PATH, requireFeedparser, requireNewsboat } from '../../../testing/system.js';
import { createHarness, feedConfig } from './test-support/app-harness.js';

const python = requireFeedparser();
const newsboat = requireNewsboat();
const work = mkdtempSync(join(tmpdir(), 'pagefeed-opml-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FEEDS = {
  news: feedConfig('https://example.com/news', { channel: { url: 'https://example.com/news', title: 'News & "Views" <daily>' } }),
  tagged: feedConfig('https://example.com/tags/%<tag>s', { parameters: { tag: { default: 'ai' } } }),
  // A parameter without default has no address to subscribe to: left out.
  search: feedConfig('https://example.com/search?q=%<q>s', { parameters: { q: {} } }),
};

async function opml(): Promise<string> {
  const { app } = createHarness({ feeds: FEEDS });
  const response = await app.request('http://feeds.test/api/v1/feeds.opml');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/x-opml; charset=utf-8');
  return response.text();
}

describe('GET /api/v1/feeds.opml', () => {
  it.runIf(python.available)("lists the predefined feeds, as Python's XML parser reads them", async () => {
    const file = join(work, 'parsed.opml');
    writeFileSync(file, await opml());
    const script = `import json, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
print(json.dumps({"version": root.get("version"), "title": root.findtext("head/title"),
  "outlines": [dict(o.attrib) for o in root.iter("outline")]}))`;
    const parsed = JSON.parse(execFileSync(PYTHON_PATH, ['-c', script, file]).toString()) as { version: string; title: string; outlines: Record<string, string>[] };
    expect(parsed.version).toBe('2.0');
    expect(parsed.title).toBe('pagefeed feeds');
    expect(parsed.outlines).toEqual([
      { type: 'rss', text: 'News & "Views" <daily>', title: 'News & "Views" <daily>', xmlUrl: 'http://feeds.test/api/v1/feeds/news.rss', htmlUrl: 'https://example.com/news' },
      { type: 'rss', text: 'News', title: 'News', xmlUrl: 'http://feeds.test/api/v1/feeds/tagged.rss', htmlUrl: 'https://example.com/tags/ai' },
    ]);
  });

  it.runIf(newsboat.available)('imports into newsboat (newsboat -i)', async () => {
    const file = join(work, 'import.opml');
    const urls = join(work, 'urls');
    writeFileSync(file, await opml());
    writeFileSync(urls, '');
    const output = execFileSync(NEWSBOAT_PATH, ['-i', file, '-u', urls, '-c', join(work, 'cache.db'), '-C', '/dev/null'], { env: { ...process.env, HOME: work }, timeout: 60_000 }).toString();
    expect(output).toContain('Import of');
    const imported = readFileSync(urls, 'utf8').split('\n').map((line) => line.split(/\s+/)[0]).filter(Boolean);
    expect(imported).toEqual(['http://feeds.test/api/v1/feeds/news.rss', 'http://feeds.test/api/v1/feeds/tagged.rss']);
  });
});
