import { resolve } from 'node:path';
import { FIRST_SEEN_TTL_SECONDS, mergeFirstSeen, queuedByFeed, type FirstSeenRecord } from '@pagefeed/core';
import type { FileFirstSeenOptions, FileFirstSeenStore } from './file.js';
import { checkKey, createFolder, expireRecords, readRecord, recordFile, recordKeys, SWEEP_INTERVAL_MS } from './records.js';
import { createThreadFileWriter, type FileWrite, type FileWriter } from './file-writer.js';

/**
 * The file store with the records in memory and the files written behind (`writeBehind: true`,
 * the server's store without Redis). Same files, same expiry, same answers as `createFileFirstSeen`
 * without it; what changes is when the disk is used:
 *
 * - the folder is listed once (on the first call), so a feed that has no file yet (every new feed,
 *   and every new parameter value of one) is not looked for on disk;
 * - a record read or written stays in memory (least recently built feeds first out, at most
 *   `keptGuids` GUIDs in all), so a feed built again reads nothing;
 * - `remember` answers once the times are merged in memory; the record is written afterwards
 *   (temporary file and rename, the latest record winning), in batches on a thread of the store's
 *   own (`file-writer.ts`; what gathered in a quarter of a second, one batch at a time, each feed at most once
 *   in it), and a build that
 *   changes nothing touches the file (the expiry counts from it) at most once an hour of the
 *   callers' clock instead of on every build.
 *
 * So a cold feed of the server waits for no file operation (before: a read, a write, a rename and a
 * touch, each a trip to libuv's thread pool, on every cold generation), and the calling thread
 * spends one message per batch on the files instead of four or five asynchronous file calls per
 * record. What is given up: a record
 * still being written when the process is killed (SIGKILL, a crash) is lost, and the items first
 * seen in that build get a later time when seen again; `idle()` waits for every write, and the
 * server calls it when it shuts down. A write that fails is reported (`onWriteError`), the record
 * stays in memory (never evicted while unsaved) and is written again on the feed's next build.
 * Only one process may use the folder (as for the other store): files changed by others while it
 * runs are not seen.
 */
export interface BufferedFileFirstSeenOptions extends FileFirstSeenOptions {
  /** Most GUIDs kept in memory across all feeds (default 100,000, about 10 MB). */
  readonly keptGuids?: number;
  /** Where the files are written (default: a thread of the store's own, `file-writer.ts`). */
  readonly writer?: FileWriter;
  /** How long records gather before a batch is written (ms, default 250); `idle()` writes at once. */
  readonly batchDelayMs?: number;
}

const KEPT_GUIDS = 100_000;
/**
 * Records gather this long before they are written, so the writer's thread runs a few times a
 * second for many records rather than after every answer, next to the next request (BENCHMARKS.md
 * §7, "Seventh session: benchmark 4"). What a kill (not a stop) can lose grows by as much: the
 * helper measured with 1,000 ms; the lead shortened it to 250 ms to keep that window small, since no
 * latency gain of the longer wait could be measured.
 */
const BATCH_DELAY_MS = 250;
/** A build that changes no record sets its file's time (for the expiry) at most this often, by the callers' clock. */
const TOUCH_EVERY_MS = 3_600_000;
/**
 * A record written within this of its build's `now` (by the wall clock) is not touched after: the
 * write gave the file that time already, to well within the expiry's 180 days (one file operation
 * of five fewer per new feed). A caller with its own clock (tests, replays) still gets `now`.
 */
const WRITTEN_IS_NOW_MS = 60_000;

interface Kept {
  readonly record: FirstSeenRecord;
  readonly size: number;
  /** When the file's time was last set (ms of the callers' clock); -Infinity: not by this process. */
  touchedAt: number;
}

/** The next write of a feed's file: the record (undefined: only its time) and the build's time. */
interface Write {
  readonly record: FirstSeenRecord | undefined;
  readonly now: number;
}

export function createBufferedFileFirstSeen(options: BufferedFileFirstSeenOptions): FileFirstSeenStore {
  const directory = resolve(options.directory);
  const ttlMs = (options.ttlSeconds ?? FIRST_SEEN_TTL_SECONDS) * 1_000;
  const keptLimit = options.keptGuids ?? KEPT_GUIDS;
  // Least recently built first (a Map iterates in insertion order; a build re-inserts its feed).
  const kept = new Map<string, Kept>();
  let keptGuids = 0;
  let listed: Promise<Set<string>> | undefined;
  const queued = new Map<string, Write>();
  // The batch the writer has in hand, and the loop that sends batches while anything is queued.
  const sending = new Set<string>();
  let flushing: Promise<void> | undefined;
  // Ends the wait before the next batch at once (`idle()`, the expiry).
  let writeNow: (() => void) | undefined;
  const batchDelayMs = options.batchDelayMs ?? BATCH_DELAY_MS;
  const writer = options.writer ?? createThreadFileWriter();
  // Records whose last write failed: kept until a write succeeds.
  const unsaved = new Set<string>();
  let lastSweep: number | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();

  /** The feeds that have a file: the folder listed once (created first, with the same error as the other store). */
  function onDisk(): Promise<Set<string>> {
    listed ??= (async () => {
      await createFolder(directory);
      return new Set(await recordKeys(directory));
    })().catch((error: unknown) => {
      listed = undefined;
      throw error;
    });
    return listed;
  }

  function keep(feedKey: string, record: FirstSeenRecord, touchedAt: number): void {
    const previous = kept.get(feedKey);
    if (previous) {
      kept.delete(feedKey);
      keptGuids -= previous.size;
    }
    const size = Object.keys(record.seen).length;
    kept.set(feedKey, { record, size, touchedAt });
    keptGuids += size;
    for (const [key, entry] of kept) {
      if (keptGuids <= keptLimit) break;
      // Not yet on disk: it must stay, or its file (older or missing) would be read back.
      if (key === feedKey || queued.has(key) || sending.has(key) || unsaved.has(key)) continue;
      kept.delete(key);
      keptGuids -= entry.size;
    }
  }

  function forget(feedKey: string): void {
    const entry = kept.get(feedKey);
    if (!entry) return;
    kept.delete(feedKey);
    keptGuids -= entry.size;
  }

  function schedule(feedKey: string, files: Set<string>, write: Write): void {
    // A newer record replaces one not yet written; a touch keeps the record still to be written.
    queued.set(feedKey, { record: write.record ?? queued.get(feedKey)?.record, now: write.now });
    flushing ??= flush(files).finally(() => {
      flushing = undefined;
    });
  }

  /**
   * Writes what is queued, a batch at a time through the writer's thread (`file-writer.ts`): each
   * feed at most once per batch, its latest record; what is queued meanwhile goes in the next.
   */
  async function flush(files: Set<string>): Promise<void> {
    // After the caller has its times (the server answers first), and records of other feeds have gathered.
    await new Promise<void>((done) => {
      const timer = setTimeout(done, batchDelayMs);
      timer.unref();
      writeNow = () => {
        clearTimeout(timer);
        setImmediate(done);
      };
    });
    writeNow = undefined;
    while (queued.size > 0) {
      const batch = [...queued];
      queued.clear();
      for (const [feedKey] of batch) sending.add(feedKey);
      const wallClock = Date.now();
      // A file just written gets the wall clock's time: set it only when the build's differs.
      const fileWrites: FileWrite[] = batch.map(([feedKey, next]) => ({
        file: recordFile(directory, feedKey),
        ...(next.record ? { text: JSON.stringify(next.record) } : {}),
        ...(!next.record || Math.abs(wallClock - next.now) > WRITTEN_IS_NOW_MS ? { mtimeMs: next.now } : {}),
      }));
      const outcomes = await writer.write(fileWrites).catch((error: unknown) => fileWrites.map(() => error as Error));
      for (const [index, [feedKey, next]] of batch.entries()) {
        const error = outcomes[index];
        if (error === undefined) {
          if (next.record) files.add(feedKey);
          unsaved.delete(feedKey);
        } else {
          if (next.record) unsaved.add(feedKey);
          options.onWriteError?.(error, fileWrites[index]!.file);
        }
      }
      sending.clear();
    }
  }

  async function writes(): Promise<void> {
    while (flushing) {
      writeNow?.();
      await flushing;
    }
  }

  async function update(feedKey: string, guids: readonly string[], now: number): Promise<ReadonlyMap<string, number>> {
    checkKey(feedKey);
    const files = await onDisk();
    const known = kept.get(feedKey);
    const stored = known?.record ?? (files.has(feedKey) ? await readRecord(recordFile(directory, feedKey), now) : undefined);
    const { record: changed, times } = mergeFirstSeen(stored, guids, now);
    const current = changed ?? stored;
    if (changed || unsaved.has(feedKey)) {
      keep(feedKey, current!, now);
      schedule(feedKey, files, { record: current, now });
    } else if (current) {
      const touchedAt = known?.touchedAt ?? Number.NEGATIVE_INFINITY;
      const due = now - touchedAt >= TOUCH_EVERY_MS;
      keep(feedKey, current, due ? now : touchedAt);
      if (due) schedule(feedKey, files, { record: undefined, now });
    }
    if (lastSweep === undefined || now - lastSweep >= SWEEP_INTERVAL_MS) {
      lastSweep = now;
      sweeping = expire(now).catch(() => 0);
    }
    return times;
  }

  async function expire(now: number): Promise<number> {
    // The files' times are those of the last builds only once their writes are done.
    await writes();
    const removed = await expireRecords(directory, now - ttlMs);
    const files = await onDisk();
    for (const feedKey of removed) {
      files.delete(feedKey);
      forget(feedKey);
    }
    return removed.length;
  }

  /** The record as `remember` would find it (kept in memory once read), recording nothing. */
  async function peek(feedKey: string): Promise<FirstSeenRecord | undefined> {
    checkKey(feedKey);
    const known = kept.get(feedKey);
    if (known) return known.record;
    const files = await onDisk();
    if (!files.has(feedKey) || kept.has(feedKey)) return kept.get(feedKey)?.record;
    const stored = await readRecord(recordFile(directory, feedKey), Date.now());
    // Read while another call kept it: the kept one is the newer.
    if (kept.has(feedKey)) return kept.get(feedKey)!.record;
    if (stored) keep(feedKey, stored, Number.NEGATIVE_INFINITY);
    return stored;
  }

  return {
    name: `file:${directory}`,
    peek,
    remember: queuedByFeed(update),
    expire,
    idle: async () => {
      await sweeping;
      await writes();
    },
  };
}
