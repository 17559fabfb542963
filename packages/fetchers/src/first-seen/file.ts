import { join, resolve } from 'node:path';
import { FIRST_SEEN_TTL_SECONDS, mergeFirstSeen, queuedByFeed, type FirstSeenStore } from '@pagefeed/core';
import { createBufferedFileFirstSeen } from './file-buffered.js';
import { checkKey, createFolder, expireRecords, readRecord, recordFile, SWEEP_INTERVAL_MS, touch, writeRecord } from './records.js';

export interface FileFirstSeenOptions {
  /** Folder of the records, one JSON file per feed; created when missing. */
  readonly directory: string;
  /** How long a feed's record outlives its last build. Default: 180 days, as in Redis. */
  readonly ttlSeconds?: number;
  /**
   * Keep the records in memory and write them after `remember` has answered (`file-buffered.ts`):
   * for a long-running process that alone uses the folder (the server), whose cold feeds then wait
   * for no file. `idle()` waits for the writes (call it before exiting). Default false: `remember`
   * resolves once the record is on disk (the CLI).
   */
  readonly writeBehind?: boolean;
  /** With `writeBehind`: told about a write that failed (the record stays in memory and is written again on the feed's next build). */
  readonly onWriteError?: (error: Error, file: string) => void;
}

/** A file store, plus its expiry (run by `remember` itself at most once a day of its clock). */
export interface FileFirstSeenStore extends FirstSeenStore {
  /** Removes the records of feeds last built more than the TTL before `now`; resolves to how many. */
  expire(now: number): Promise<number>;
  /** Resolves when the expiry `remember` started last (if any) has finished. */
  idle(): Promise<void>;
}


/** The data directory of a server or CLI: `DATA_DIR`, else `./.pagefeed` (git-ignored). */
export function dataDirectory(env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): string {
  const configured = env['DATA_DIR']?.trim();
  return resolve(cwd, configured ? configured : '.pagefeed');
}

/** Where first-seen records live inside a data directory (other helpers keep other subfolders). */
export function firstSeenDirectory(dataDir: string): string {
  return join(dataDir, 'first-seen');
}

/**
 * First-seen times in files: the embedded default of a server without Redis, and of the CLI, so
 * Atom dates of undated items survive a restart. One file per feed (`<key>.json`), written to a
 * temporary file and renamed, so a crash leaves the old record or the new one, never half of one.
 * Calls for one feed are queued within the process; separate processes should not share a folder
 * (they would each keep the times they wrote last).
 *
 * Like the Redis records, a feed's file expires 180 days after the feed's last build: every build
 * sets the file's modification time to the build's `now`, and once a day (of the same clock)
 * `remember` removes in the background the files not touched for longer than that. Time always
 * comes from the callers' `now`, never from the wall clock, so the expiry is tested without waiting.
 */
export function createFileFirstSeen(options: FileFirstSeenOptions): FileFirstSeenStore {
  if (options.writeBehind) return createBufferedFileFirstSeen(options);
  const directory = resolve(options.directory);
  const ttlMs = (options.ttlSeconds ?? FIRST_SEEN_TTL_SECONDS) * 1_000;
  let created: Promise<unknown> | undefined;
  let lastSweep: number | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();

  async function update(feedKey: string, guids: readonly string[], now: number): Promise<ReadonlyMap<string, number>> {
    checkKey(feedKey);
    created ??= createFolder(directory).catch((error: unknown) => {
      created = undefined;
      throw error;
    });
    await created;
    const file = recordFile(directory, feedKey);
    const { record, times } = mergeFirstSeen(await readRecord(file, now), guids, now);
    if (record) await writeRecord(file, record);
    // The last build's time, for the expiry (also when nothing changed).
    await touch(file, now);
    if (lastSweep === undefined || now - lastSweep >= SWEEP_INTERVAL_MS) {
      lastSweep = now;
      sweeping = expire(now).catch(() => 0);
    }
    return times;
  }

  const expire = async (now: number) => (await expireRecords(directory, now - ttlMs)).length;

  return {
    name: `file:${directory}`,
    remember: queuedByFeed(update),
    expire,
    idle: async () => {
      await sweeping;
    },
  };
}
