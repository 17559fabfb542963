import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { FeedError, hasFeedRoot, type FetchResult } from '@pagefeed/core';
import type { CliIo } from './io.js';

/**
 * `--input FILE`: the page comes from a file instead of the network; `baseUrl` stays the base for
 * relative links. The bytes are decoded like a fetched body (BOM, `<meta charset>`), so saved
 * non-UTF-8 pages read right.
 */
export async function readInput(io: CliIo, file: string, baseUrl: string): Promise<FetchResult> {
  const path = resolve(io.cwd, file);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new FeedError('InputInvalid', `Cannot read --input file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      hint: 'check the path; it is read relative to the current directory',
      cause: error,
    });
  }
  const contentType = guessContentType(path, bytes);
  const { decodeBody } = await import('@pagefeed/fetchers');
  const { text: body } = decodeBody(bytes, contentType);
  return { url: baseUrl, status: 200, headers: { 'content-type': contentType }, body, contentType: contentType.split(';')[0] ?? contentType };
}

function guessContentType(path: string, bytes: Buffer): string {
  const extension = extname(path).toLowerCase();
  if (extension === '.json') return 'application/json';
  if (extension === '.html' || extension === '.htm' || extension === '.xhtml') return 'text/html';
  const head = bytes.subarray(0, 64).toString('utf8').trimStart();
  if (head.startsWith('{') || head.startsWith('[')) return 'application/json';
  // A saved RSS/Atom feed: the engine passes its entries through (anything else reads as HTML, as before).
  return hasFeedRoot(bytes.subarray(0, 4096).toString('utf8')) ? 'application/xml' : 'text/html';
}
