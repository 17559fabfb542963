import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's folder (`apps/web`). */
export const WEB_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST_INDEX = join(WEB_ROOT, 'dist', 'index.html');

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'test-support' || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** Builds `dist/` with Vite's JS API when it is missing or older than its sources. */
export async function ensureBuilt(): Promise<void> {
  const sources = ['src', 'public', 'index.html', 'selectors.html', 'vite.config.ts'].map((name) => join(WEB_ROOT, name));
  const newestSource = Math.max(...sources.filter((path) => existsSync(path)).map(newestChange));
  if (existsSync(DIST_INDEX) && statSync(DIST_INDEX).mtimeMs >= newestSource) return;
  const { build } = await import('vite');
  await build({ configFile: join(WEB_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
