import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { StaticFiles } from '../types.js';

/** The built web UI read from disk; paths that leave the directory are refused. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export async function createStaticFiles(root: string): Promise<StaticFiles | undefined> {
  const base = resolve(root);
  const index = await stat(resolve(base, 'index.html')).catch(() => undefined);
  if (!index?.isFile()) return undefined;
  return {
    async read(path) {
      const full = resolve(base, path);
      if (!full.startsWith(base + sep)) return undefined;
      const file = await stat(full).catch(() => undefined);
      if (!file?.isFile()) return undefined;
      return { body: await readFile(full), contentType: CONTENT_TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream' };
    },
  };
}
