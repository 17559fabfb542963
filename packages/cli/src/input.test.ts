import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from './main.js';
import { captureIo } from './test-support/capture-io.js';

const FIXTURES = fileURLToPath(new URL('../../core/src/feeds/__fixtures__/', import.meta.url));

describe('pagefeed auto --input with a saved feed', () => {
  it('passes the entries of an RSS file through and prints the warning that says so', async () => {
    const io = captureIo({}, FIXTURES);
    expect(await run(['auto', 'https://harbour.example/news/feed.xml', '--input', 'rss2.xml', '--format', 'json'], io)).toBe(0);
    const feed = JSON.parse(io.out()) as { items: { title: string }[] };
    expect(feed.items.map((item) => item.title)).toEqual(['Ferry timetable changes for winter', 'Budget 2025: have your say', 'Beach clean-up on Saturday']);
    expect(io.err()).toContain('https://harbour.example/news/feed.xml is already a feed (RSS 2.0): its 3 items are passed through');
  });
});
