import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FeedError } from '@pagefeed/core';

/**
 * Reads a response body, decompressing gzip/deflate/brotli, and counts the decompressed bytes as
 * they arrive: a body over the limit (or an endless one, or a compression bomb) is cut off at the
 * limit instead of being buffered.
 */
export function readBody(
  response: IncomingMessage,
  url: string,
  maxBytes: number,
  mapError: (error: unknown) => FeedError,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const decoder = createDecoder(response.headers['content-encoding']);
    const source: Readable = decoder ? pipeline(response, decoder, () => undefined) : response;
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const fail = (error: FeedError) => {
      if (settled) return;
      settled = true;
      response.destroy();
      source.destroy();
      reject(error);
    };
    source.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) fail(tooLarge(url, maxBytes));
      else chunks.push(chunk);
    });
    source.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    source.on('error', (error) => fail(mapError(error)));
    response.on('error', (error) => fail(mapError(error)));
    response.on('aborted', () => fail(mapError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))));
  });
}

export function tooLarge(url: string, maxBytes: number): FeedError {
  return new FeedError(
    'ResponseTooLarge',
    `${url} sent more than ${formatBytes(maxBytes)} (request.max_bytes, counted after decompression); the body was cut off: point the feed at a smaller page or raise request.max_bytes`,
    { path: 'request.max_bytes', details: { maxBytes, url } },
  );
}

function createDecoder(encoding: string | undefined) {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${bytes} bytes`;
}
