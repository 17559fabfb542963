import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIN_SECRET_LENGTH } from '../settings.js';

/** The signing key's file in the data directory (`dataDirectory` of @pagefeed/fetchers: `DATA_DIR`, else `./.pagefeed/`). */
export const DEVELOPMENT_KEY_FILE = 'secret-key';

export type DevelopmentKey =
  | { readonly key: string; readonly file: string; readonly created: boolean }
  | { readonly key: undefined; readonly file: string; readonly problem: string };

/**
 * Outside production without SERVICE_SECRET_KEY: the key kept in `<data dir>/secret-key`, made
 * once (readable by the owner only), so created feeds keep working across restarts. A file that
 * cannot be read or written is reported, and the caller falls back to a per-process key.
 */
export async function loadDevelopmentKey(directory: string): Promise<DevelopmentKey> {
  const file = join(directory, DEVELOPMENT_KEY_FILE);
  const existing = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : error),
  );
  if (existing instanceof Error) return { key: undefined, file, problem: `cannot read ${file} (${existing.code ?? existing.message})` };
  if (existing !== undefined) {
    if (existing.length >= MIN_SECRET_LENGTH) return { key: existing, file, created: false };
    return { key: undefined, file, problem: `${file} holds a key shorter than ${MIN_SECRET_LENGTH} characters; delete the file to make a new one` };
  }
  const key = randomBytes(32).toString('hex');
  try {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    // `wx`: two processes starting at once must not overwrite each other's key.
    await writeFile(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
    return { key, file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadDevelopmentKey(directory);
    return { key: undefined, file, problem: `cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}); set DATA_DIR to a writable folder` };
  }
}
