import { mkdir, mkdtemp, readdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstSeenKey } from '@pagefeed/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFileExpiry, runContract } from '../test-support/first-seen-contract.js';
import { createFileFirstSeen } from './file.js';
import { createBufferedFileFirstSeen } from './file-buffered.js';

const KEY = firstSeenKey('https://example.com/news/');
const OTHER = firstSeenKey('https://example.com/other/');
const T1 = Date.parse('2026-03-01T08:00:00Z');
const T2 = Date.parse('2026-03-02T08:00:00Z');
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('file first-seen store, written behind (the server\'s)', () => {
  let root: string;
  let run = 0;
  const folder = () => join(root, `case-${(run += 1)}`);
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pagefeed-first-seen-behind-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  runContract('file, written behind', () => Promise.resolve(createFileFirstSeen({ directory: folder(), writeBehind: true })));

  it('reads a record ahead of a build (peek) without recording anything, from memory or from the folder', async () => {
    const directory = folder();
    const store = createFileFirstSeen({ directory, writeBehind: true });
    expect(await store.peek!(KEY)).toBeUndefined();
    await store.idle();
    expect(await readdir(directory)).toEqual([]);
    await store.remember(KEY, ['a', 'b'], T1);
    expect((await store.peek!(KEY))?.seen).toEqual({ a: T1, b: T1 });
    await store.idle();
    // After a restart: read from the file, and `remember` then agrees with it.
    const restarted = createFileFirstSeen({ directory, writeBehind: true });
    expect((await restarted.peek!(KEY))?.seen).toEqual({ a: T1, b: T1 });
    expect(await restarted.peek!(OTHER)).toBeUndefined();
    expect(await restarted.remember(KEY, ['b', 'c'], T2)).toEqual(new Map([['b', T1], ['c', T2]]));
    expect((await restarted.peek!(KEY))?.seen).toEqual({ a: T1, b: T1, c: T2 });
  });

  it("gives a new record's file its build's time, set after the write only when the build's clock is not the wall clock's", async () => {
    const directory = folder();
    const store = createFileFirstSeen({ directory, writeBehind: true });
    const now = Date.now();
    await store.remember(KEY, ['a'], now);
    await store.remember(OTHER, ['a'], now - DAY);
    await store.idle();
    // Written now: its time is the write's (the build's within the minute allowed), no touch after.
    expect(Math.abs((await stat(join(directory, `${KEY}.json`))).mtimeMs - now)).toBeLessThan(60_000);
    expect(Math.round((await stat(join(directory, `${OTHER}.json`))).mtimeMs)).toBe(now - DAY);
  });

  it('writes the same files as the other store: each reads what the other wrote', async () => {
    const directory = folder();
    const behind = createFileFirstSeen({ directory, writeBehind: true });
    await behind.remember(KEY, ['a'], T1);
    await behind.idle();
    expect(await readdir(directory)).toEqual([`${KEY}.json`]);
    expect((await createFileFirstSeen({ directory }).remember(KEY, ['a', 'b'], T2))).toEqual(new Map([['a', T1], ['b', T2]]));
    // Started on a folder that already has records: reads them when their feed is first built.
    expect((await createFileFirstSeen({ directory, writeBehind: true }).remember(KEY, ['b', 'c'], T2 + DAY))).toEqual(new Map([['b', T2], ['c', T2 + DAY]]));
  });

  it('keeps an unreadable record found at start aside instead of overwriting it', async () => {
    const directory = folder();
    await mkdir(directory, { recursive: true });
    await writeFile(join(directory, `${KEY}.json`), '{"version":1,"seen":{"a":');
    const store = createFileFirstSeen({ directory, writeBehind: true });
    expect((await store.remember(KEY, ['a'], T2)).get('a')).toBe(T2);
    await store.idle();
    expect((await readdir(directory)).sort()).toEqual([`${KEY}.json`, `${KEY}.json.unreadable-${T2}`]);
  });

  it('says which folder it cannot create and how to fix it, on the first call', async () => {
    const blocker = join(root, 'blocker');
    await writeFile(blocker, 'a file, not a folder');
    await expect(createFileFirstSeen({ directory: join(blocker, 'first-seen'), writeBehind: true }).remember(KEY, ['a'], T1)).rejects.toThrow(/cannot create the first-seen folder .*set DATA_DIR/);
  });

  it('sets a file\'s time for the expiry at most once an hour of its clock when nothing changed', async () => {
    const directory = folder();
    const store = createFileFirstSeen({ directory, writeBehind: true });
    const mtime = async () => (await stat(join(directory, `${KEY}.json`))).mtimeMs;
    await store.remember(KEY, ['a'], T1);
    await store.idle();
    expect(await mtime()).toBe(T1);
    await store.remember(KEY, ['a'], T1 + HOUR / 2);
    await store.idle();
    expect(await mtime()).toBe(T1);
    await store.remember(KEY, ['a'], T1 + 2 * HOUR);
    await store.idle();
    expect(await mtime()).toBe(T1 + 2 * HOUR);
    // A new item is written at once, with that build's time.
    await store.remember(KEY, ['a', 'b'], T1 + 2 * HOUR + 1_000);
    await store.idle();
    expect(await mtime()).toBe(T1 + 2 * HOUR + 1_000);
  });

  it('expires a feed 180 days after its last build, and forgets it in memory too', async () => {
    const directory = folder();
    const store = createFileFirstSeen({ directory, writeBehind: true });
    await expectFileExpiry(store, directory);
    // Expired: a new first time, not the one the process still had in memory.
    expect((await store.remember(KEY, ['a'], T1 + 382 * DAY)).get('a')).toBe(T1 + 382 * DAY);
  });

  it('runs the expiry itself from remember, at most once a day of its clock', async () => {
    const directory = folder();
    const OLD = firstSeenKey('https://example.com/old/');
    const store = createFileFirstSeen({ directory, ttlSeconds: 10 * 86_400, writeBehind: true });
    await store.remember(OLD, ['a'], T1);
    await store.remember(KEY, ['a'], T1 + 11 * DAY);
    await store.idle();
    expect(await readdir(directory)).toEqual([`${KEY}.json`]);
    await store.remember(OLD, ['a'], T1 + 1 * DAY);
    await store.remember(KEY, ['b'], T1 + 11.5 * DAY);
    await store.idle();
    expect((await readdir(directory)).sort()).toEqual([OLD, KEY].map((key) => `${key}.json`).sort());
    await store.remember(KEY, ['b'], T1 + 12 * DAY + 1_000);
    await store.idle();
    expect(await readdir(directory)).toEqual([`${KEY}.json`]);
  });

  it('keeps at most `keptGuids` GUIDs in memory: a feed built long ago is read from its file again', async () => {
    const directory = folder();
    const store = createBufferedFileFirstSeen({ directory, keptGuids: 2 });
    await store.remember(KEY, ['a'], T1);
    await store.idle();
    await store.remember(OTHER, ['b', 'c'], T1);
    await store.idle();
    // KEY is no longer in memory: what its file says now is what counts.
    await writeFile(join(directory, `${KEY}.json`), JSON.stringify({ version: 1, seen: { a: T1 - DAY } }));
    expect((await store.remember(KEY, ['a'], T2)).get('a')).toBe(T1 - DAY);
  });

  it('reports a write that fails, keeps the times in memory (not evicted) and writes them on the next build', async () => {
    const directory = folder();
    const failures: string[] = [];
    const store = createBufferedFileFirstSeen({ directory, keptGuids: 1, onWriteError: (error, file) => failures.push(`${file}: ${error.message}`) });
    await store.remember(OTHER, ['x'], T1); // Creates and lists the folder.
    await store.idle();
    // A folder where the temporary file goes: the write fails (EISDIR).
    const temporary = join(directory, `${KEY}.json.${process.pid}.tmp`);
    await mkdir(temporary);
    expect((await store.remember(KEY, ['a'], T1)).get('a')).toBe(T1);
    await store.idle();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain(`${KEY}.json`);
    // Another feed fills the memory; the unsaved record stays.
    await store.remember(OTHER, ['x', 'y'], T2);
    expect((await store.remember(KEY, ['a'], T2)).get('a')).toBe(T1);
    await store.idle();
    await rmdir(temporary);
    await store.remember(KEY, ['a'], T2 + HOUR);
    await store.idle();
    expect(failures).toHaveLength(2);
    expect((await createFileFirstSeen({ directory }).remember(KEY, ['a'], T2 + DAY)).get('a')).toBe(T1);
  });
});
