import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FirstSeenRecord } from '@pagefeed/core';

/** The file operations of the first-seen stores (`file.ts`, `file-buffered.ts`): one JSON file per feed. */

/** How often `remember` looks for expired records (by the clock it is given). */
export const SWEEP_INTERVAL_MS = 86_400_000;
const RECORD_FILE = /^[0-9a-f]{64}\.json$/;

export function checkKey(feedKey: string): void {
  if (!/^[0-9a-f]{64}$/.test(feedKey)) throw new Error(`first-seen key "${feedKey.slice(0, 80)}" is not a SHA-256 hex digest`);
}

export async function createFolder(directory: string): Promise<void> {
  try {
    await mkdir(directory, { recursive: true });
  } catch (error) {
    throw new Error(`cannot create the first-seen folder ${directory} (${(error as Error).message}); set DATA_DIR to a writable folder`);
  }
}

export function recordFile(directory: string, feedKey: string): string {
  return join(directory, `${feedKey}.json`);
}

/** The feed keys that have a record file in `directory` (none when it does not exist). */
export async function recordKeys(directory: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.filter((name) => RECORD_FILE.test(name)).map((name) => name.slice(0, -'.json'.length));
}

/** Removes the records last built before `before` (ms); resolves to their feed keys. */
export async function expireRecords(directory: string, before: number): Promise<string[]> {
  const removed: string[] = [];
  for (const feedKey of await recordKeys(directory)) {
    const file = recordFile(directory, feedKey);
    try {
      if ((await stat(file)).mtimeMs >= before) continue;
      await unlink(file);
      removed.push(feedKey);
    } catch (error) {
      // Built (and so touched) or removed by someone else in between: nothing to do.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

/** Writes `record` to `file` through a temporary file and a rename: a crash leaves the old record or the new one. */
export async function writeRecord(file: string, record: FirstSeenRecord): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(record));
  await rename(temporary, file);
}

/** Sets the file's modification time to the build's `now` (the expiry counts from it); a missing file is left alone. */
export async function touch(file: string, now: number): Promise<void> {
  await utimes(file, now / 1_000, now / 1_000).catch(() => undefined);
}

/** The record in `file`; a missing file is an empty record, an unreadable one is kept aside. */
export async function readRecord(file: string, now: number): Promise<FirstSeenRecord | undefined> {
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
