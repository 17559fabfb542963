import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { FIRST_SEEN_TTL_SECONDS, mergeFirstSeen, queuedByFeed, type FirstSeenRecord, type FirstSeenStore } from '@pagefeed/core';

export interface FileFirstSeenOptions {
  /** Folder of the records, one JSON file per feed; created when missing. */
  readonly directory: string;
  /** How long a feed's record outlives its last build. Default: 180 days, as in Redis. */
  readonly ttlSeconds?: number;
}

/** A file store, plus its expiry (run by `remember` itself at most once a day of its clock). */
export interface FileFirstSeenStore extends FirstSeenStore {
  /** Removes the records of feeds last built more than the TTL before `now`; resolves to how many. */
  expire(now: number): Promise<number>;
  /** Resolves when the expiry `remember` started last (if any) has finished. */
  idle(): Promise<void>;
}

/** How often `remember` looks for expired records (by the clock it is given). */
const SWEEP_INTERVAL_MS = 86_400_000;
const RECORD_FILE = /^[0-9a-f]{64}\.json$/;

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
  const directory = resolve(options.directory);
  const ttlMs = (options.ttlSeconds ?? FIRST_SEEN_TTL_SECONDS) * 1_000;
  let created: Promise<unknown> | undefined;
  let lastSweep: number | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();

  async function update(feedKey: string, guids: readonly string[], now: number): Promise<ReadonlyMap<string, number>> {
    if (!/^[0-9a-f]{64}$/.test(feedKey)) throw new Error(`first-seen key "${feedKey.slice(0, 80)}" is not a SHA-256 hex digest`);
    created ??= mkdir(directory, { recursive: true }).catch((error: unknown) => {
      created = undefined;
      throw new Error(`cannot create the first-seen folder ${directory} (${(error as Error).message}); set DATA_DIR to a writable folder`);
    });
    await created;
    const file = join(directory, `${feedKey}.json`);
    const { record, times } = mergeFirstSeen(await readRecord(file, now), guids, now);
    if (record) {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(record));
      await rename(temporary, file);
    }
    // The last build's time, for the expiry (also when nothing changed).
    await utimes(file, now / 1_000, now / 1_000).catch(() => undefined);
    if (lastSweep === undefined || now - lastSweep >= SWEEP_INTERVAL_MS) {
      lastSweep = now;
      sweeping = expire(now).catch(() => 0);
    }
    return times;
  }

  async function expire(now: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      if (!RECORD_FILE.test(name)) continue;
      const file = join(directory, name);
      try {
        if ((await stat(file)).mtimeMs >= now - ttlMs) continue;
        await unlink(file);
        removed += 1;
      } catch (error) {
        // Built (and so touched) or removed by someone else in between: nothing to do.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return removed;
  }

  return {
    name: `file:${directory}`,
    remember: queuedByFeed(update),
    expire,
    idle: async () => {
      await sweeping;
    },
  };
}

/** The record in `file`; a missing file is an empty record, an unreadable one is kept aside. */
async function readRecord(file: string, now: number): Promise<FirstSeenRecord | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as FirstSeenRecord;
  } catch {
    // Kept for a person to look at instead of overwritten: the times in it cannot be recovered otherwise.
    await rename(file, `${file}.unreadable-${now}`);
    return undefined;
  }
}
