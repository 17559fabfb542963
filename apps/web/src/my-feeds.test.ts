import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { CreatedFeed } from './api-types.js';
import { createMyFeedsStore, myFeedsOpml } from './my-feeds.js';

function memoryStorage() {
  const values = new Map<string, string>();
  return { values, getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

function created(id: string, title?: string): CreatedFeed {
  return {
    id,
    url: `https://example.com/${id}`,
    strategy: 'plain',
    ...(title ? { title } : {}),
    created_at: '2026-11-26T10:00:00Z',
    token: `token-${id}`,
    links: { rss: `https://feeds.test/api/v1/feeds/token-${id}.rss`, atom: `https://feeds.test/api/v1/feeds/token-${id}.atom`, json: `https://feeds.test/api/v1/feeds/token-${id}.json` },
  };
}

describe('my feeds', () => {
  it('keeps created feeds in storage, newest first, once each, and removes them', () => {
    const storage = memoryStorage();
    const store = createMyFeedsStore(storage);
    store.add(created('a', 'First'));
    store.add(created('b'));
    expect(store.add(created('a', 'First again')).map((feed) => feed.title)).toEqual(['First again', 'https://example.com/b']);
    expect(createMyFeedsStore(storage).list().map((feed) => feed.id)).toEqual(['a', 'b']);
    expect(store.remove('a').map((feed) => feed.id)).toEqual(['b']);
    expect(store.list()).toHaveLength(1);
  });

  it('survives broken or missing storage', () => {
    const storage = memoryStorage();
    storage.values.set('pagefeed.myFeeds', '{not json');
    expect(createMyFeedsStore(storage).list()).toEqual([]);
    expect(createMyFeedsStore(undefined).add(created('x'))).toHaveLength(1);
  });

  it("exports OPML that Python's XML parser reads back", () => {
    const store = createMyFeedsStore(memoryStorage());
    store.add(created('a', 'News & "views" <today>'));
    const feeds = store.add(created('b', 'Second'));
    const script = 'import sys, json, xml.etree.ElementTree as ET\nroot = ET.fromstring(sys.stdin.read())\nprint(json.dumps([dict(o.attrib) for o in root.iter("outline")]))';
    const outlines = JSON.parse(execFileSync('/usr/bin/python3', ['-c', script], { input: myFeedsOpml(feeds) }).toString()) as Record<string, string>[];
    expect(outlines.map((outline) => [outline['title'], outline['xmlUrl']])).toEqual([
      ['Second', 'https://feeds.test/api/v1/feeds/token-b.rss'],
      ['News & "views" <today>', 'https://feeds.test/api/v1/feeds/token-a.rss'],
    ]);
  });
});
