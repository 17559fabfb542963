import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { mergeFirstSeen, queuedByFeed, type FirstSeenRecord, type FirstSeenStore } from '@pagefeed/core';

export interface FileFirstSeenOptions {
  /** Folder of the records, one JSON file per feed; created when missing. */
  readonly directory: string;
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
 */
export function createFileFirstSeen(options: FileFirstSeenOptions): FirstSeenStore {
  const directory = resolve(options.directory);
  let created: Promise<unknown> | undefined;

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
    return times;
  }

  return { name: `file:${directory}`, remember: queuedByFeed(update) };
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
