import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstSeenKey } from '@pagefeed/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileFirstSeen } from './file.js';
import { createBufferedFileFirstSeen } from './file-buffered.js';
import { createThreadFileWriter, type FileWrite, type FileWriter } from './file-writer.js';

const T1 = Date.parse('2026-03-01T08:00:00Z');

describe('first-seen file writer (a thread of its own)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pagefeed-first-seen-writer-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes a batch in order: content through a temporary file, then the time; a failing write does not stop the others', async () => {
    const writer = createThreadFileWriter();
    try {
      const blocked = join(root, 'blocked.json');
      // A folder where the temporary file goes: that write fails (EISDIR), the others are done.
      await mkdir(`${blocked}.${process.pid}.tmp`);
      const outcomes = await writer.write([
        { file: join(root, 'a.json'), text: '{"a":1}' },
        { file: blocked, text: '{"b":1}' },
        { file: join(root, 'c.json'), text: '{"c":1}', mtimeMs: T1 },
        { file: join(root, 'a.json'), text: '{"a":2}' },
        // A missing file's time is left alone (the expiry has nothing to count from).
        { file: join(root, 'missing.json'), mtimeMs: T1 },
      ]);
      expect(outcomes.map((outcome) => outcome === undefined)).toEqual([true, false, true, true, true]);
      expect(outcomes[1]!.message).toContain('blocked.json');
      expect((outcomes[1] as NodeJS.ErrnoException).code).toBe('EISDIR');
      expect(await readFile(join(root, 'a.json'), 'utf8')).toBe('{"a":2}');
      expect(await readFile(join(root, 'c.json'), 'utf8')).toBe('{"c":1}');
      expect((await stat(join(root, 'c.json'))).mtimeMs).toBe(T1);
      const names = await readdir(root);
      expect(names).not.toContain('missing.json');
      expect(names.filter((name) => name.endsWith('.tmp') && !name.startsWith('blocked'))).toEqual([]);
    } finally {
      await writer.close();
    }
  });

  it('fails the batches in hand with a clear error when closed, and starts a new thread for the next', async () => {
    const writer = createThreadFileWriter();
    try {
      const file = join(root, 'restart.json');
      const inHand = expect(writer.write([{ file, text: '{"first":true}' }])).rejects.toThrow(/first-seen file writer was closed before the batch was written/);
      await writer.close();
      await inHand;
      expect(await writer.write([{ file, text: '{"second":true}' }])).toEqual([undefined]);
      expect(await readFile(file, 'utf8')).toBe('{"second":true}');
    } finally {
      await writer.close();
    }
  });

  it('lets the store write many new feeds in fewer batches than records, the latest record of each, all there after idle()', async () => {
    const batches: number[] = [];
    const thread = createThreadFileWriter();
    const counting: FileWriter = {
      write(batch: readonly FileWrite[]) {
        batches.push(batch.length);
        return thread.write(batch);
      },
      close: () => thread.close(),
    };
    const directory = join(root, 'many');
    const store = createBufferedFileFirstSeen({ directory, writer: counting });
    try {
      const keys = Array.from({ length: 40 }, (_, index) => firstSeenKey(`https://example.com/list-${index}/`));
      // Forty feeds built at once, and the first built again with a new item.
      await Promise.all(keys.map((key, index) => store.remember(key, [`https://example.com/item-${index}`], T1)));
      await store.remember(keys[0]!, ['https://example.com/item-0', 'https://example.com/late'], T1 + 1_000);
      await store.idle();
      expect(batches.reduce((sum, size) => sum + size, 0)).toBeLessThan(41);
      expect(batches.length).toBeLessThan(41);
      // The other store reads every file: the same times, the late item's included.
      const reader = createFileFirstSeen({ directory });
      for (const [index, key] of keys.entries()) {
        const times = await reader.remember(key, [`https://example.com/item-${index}`], T1 + 5_000);
        expect(times.get(`https://example.com/item-${index}`)).toBe(T1);
      }
      expect((await reader.remember(keys[0]!, ['https://example.com/late'], T1 + 5_000)).get('https://example.com/late')).toBe(T1 + 1_000);
    } finally {
      await thread.close();
    }
  });

  it('gathers records for a while before writing them (batchDelayMs), and idle() writes them at once', async () => {
    const directory = join(root, 'gathered');
    const key = firstSeenKey('https://example.com/gathered/');
    const store = createBufferedFileFirstSeen({ directory, batchDelayMs: 3_600_000 });
    await store.remember(key, ['https://example.com/a'], T1);
    // Answered from memory; the file is still to be written (an hour's wait, cut short by idle()).
    await new Promise((done) => setImmediate(done));
    expect(await readdir(directory)).toEqual([]);
    await store.idle();
    expect(await readdir(directory)).toEqual([`${key}.json`]);
  });

  it('reports every record of a batch whose writer failed, keeps them in memory and writes them on the next build', async () => {
    const failures: string[] = [];
    let fail = true;
    const thread = createThreadFileWriter();
    const flaky: FileWriter = {
      write: (batch) => (fail ? Promise.reject(new Error('the first-seen file writer stopped (exit code 1)')) : thread.write(batch)),
      close: () => thread.close(),
    };
    const directory = join(root, 'flaky');
    const key = firstSeenKey('https://example.com/flaky/');
    const store = createBufferedFileFirstSeen({ directory, writer: flaky, keptGuids: 1, onWriteError: (error, file) => failures.push(`${file}: ${error.message}`) });
    try {
      await store.remember(key, ['https://example.com/a'], T1);
      await store.idle();
      expect(failures).toEqual([`${join(directory, `${key}.json`)}: the first-seen file writer stopped (exit code 1)`]);
      fail = false;
      // Nothing new in this build: the unsaved record is written all the same.
      expect((await store.remember(key, ['https://example.com/a'], T1 + 1_000)).get('https://example.com/a')).toBe(T1);
      await store.idle();
      expect(await createFileFirstSeen({ directory }).remember(key, ['https://example.com/a'], T1 + 2_000)).toEqual(new Map([['https://example.com/a', T1]]));
    } finally {
      await thread.close();
    }
  });
});
