import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createDeflate, createGzip } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { createTestApp, errorOf } from '../support/app.js';
import { createSimulatedEngine, createSimulatedInternet } from '../support/simulated-internet.js';

/**
 * Sources that attack the fetcher, reached through POST /api/v1/preview as a user would (private
 * networks off; the site is "public" through the simulated internet). Each ends in bounded time
 * with a clear code: oversized and endless bodies and 200 MB gzip, deflate and brotli bombs are
 * cut at the 10 MiB limit (ResponseTooLarge, 502), redirect loops and chains stop (TooManyRedirects, 502), a source
 * that sends one byte a second or never answers hits the time budget (FetchTimeout, 504).
 */
const MIB = 1024 * 1024;
/** Generous: the limits are 20 s total and 15 s of silence. These bound hangs, not speed. */
const TIME_BOUND_MS = 40_000;
let site: FixtureServer;
const bombs = new Map<string, Buffer>();
const openResponses = new Set<ServerResponse>();

async function compressedZeros(bytes: number, encoding: string): Promise<Buffer> {
  const compressor: Transform =
    encoding === 'gzip'
      ? createGzip({ level: 9 })
      : encoding === 'deflate'
        ? createDeflate({ level: 9 })
        : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  const chunks: Buffer[] = [];
  compressor.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => compressor.on('end', resolve));
  const block = Buffer.alloc(MIB);
  for (let written = 0; written < bytes; written += MIB) {
    if (!compressor.write(block)) await new Promise((resolve) => compressor.once('drain', resolve));
  }
  compressor.end();
  await done;
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  for (const encoding of ['gzip', 'deflate', 'br']) bombs.set(encoding, await compressedZeros(200 * MIB, encoding));
  site = await startFixtureServer({
    '/huge-declared': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * MIB) });
      response.write('<html>');
      openResponses.add(response);
    },
    '/huge-chunked': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const block = `<p>${'x'.repeat(64 * 1024)}</p>`;
      for (let index = 0; index < 200; index += 1) response.write(block);
      response.end();
    },
    '/endless': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      openResponses.add(response);
      const block = `<p>${'y'.repeat(64 * 1024)}</p>`;
      const pump = () => {
        while (!response.destroyed && response.write(block));
        if (!response.destroyed) response.once('drain', pump);
      };
      response.on('close', () => openResponses.delete(response));
      pump();
    },
    '/slowloris': async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      openResponses.add(response);
      response.on('close', () => openResponses.delete(response));
      for (let second = 0; second < 60 && !response.destroyed; second += 1) {
        response.write('<');
        await sleep(1000);
      }
      response.end();
    },
    '/silent': (_request, response) => {
      openResponses.add(response);
    },
    '/slow-headers': async (_request, response) => {
      // Raw bytes on the socket: a status line, then a header that never ends, one byte a second.
      openResponses.add(response);
      const socket = response.socket;
      socket?.write('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nx-slow: ');
      for (let second = 0; second < 60 && socket && !socket.destroyed; second += 1) {
        socket.write('a');
        await sleep(1000);
      }
    },
    '/header-flood': (_request, response) => {
      for (let index = 0; index < 200; index += 1) response.setHeader(`x-flood-${index}`, 'f'.repeat(1000));
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>flood</body></html>');
    },
    '/loop-a': (_request, response) => {
      response.writeHead(302, { location: '/loop-b' });
      response.end();
    },
    '/loop-b': (_request, response) => {
      response.writeHead(301, { location: '/loop-a' });
      response.end();
    },
  });
  for (const [encoding, bomb] of bombs) {
    site.route(`/bomb-${encoding}`, (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoding, 'content-length': String(bomb.length) });
      response.end(bomb);
    });
  }
  for (let step = 0; step < 10; step += 1) {
    site.route(`/chain-${step}`, (_request, response) => {
      response.writeHead(307, { location: `/chain-${step + 1}` });
      response.end();
    });
  }
}, 60_000);

afterAll(async () => {
  for (const response of openResponses) response.destroy();
  await site.close();
});

async function preview(path: string) {
  const internet = createSimulatedInternet();
  const harness = createTestApp({ engine: createSimulatedEngine(internet) });
  const started = performance.now();
  const rssBefore = process.memoryUsage().rss;
  const error = await errorOf(await harness.post('/api/v1/preview', { url: `http://public.test:${site.port}${path}` }));
  return { ...error, elapsedMs: performance.now() - started, rssGrowth: process.memoryUsage().rss - rssBefore, loads: internet.loaded.length };
}

describe('abusive sources through POST /api/v1/preview', () => {
  it.each(['gzip', 'deflate', 'br'])('a %s bomb (200 MB of zeros sent as at most a few hundred KB) is cut off at the limit, not inflated', async (encoding) => {
    expect(bombs.get(encoding)?.length).toBeLessThan(1 * MIB);
    const result = await preview(`/bomb-${encoding}`);
    expect(`${result.status} ${result.code}`).toBe('502 ResponseTooLarge');
    expect(result.message).toContain('counted after decompression');
    // The whole 200 MB never sits in memory: growth stays far below it (10 MiB limit + overhead).
    expect(result.rssGrowth).toBeLessThan(120 * MIB);
    expect(result.elapsedMs).toBeLessThan(TIME_BOUND_MS);
  });

  it.each([
    ['a declared 50 MB body', '/huge-declared'],
    ['a 12.5 MB chunked body', '/huge-chunked'],
    ['an endless body', '/endless'],
  ])('%s ends with ResponseTooLarge (502), with bounded memory', async (_label, path) => {
    const result = await preview(path);
    expect(`${result.status} ${result.code}`).toBe('502 ResponseTooLarge');
    expect(result.elapsedMs).toBeLessThan(TIME_BOUND_MS);
    expect(result.rssGrowth).toBeLessThan(120 * MIB);
  });

  it('a 200 KB header section is refused as a failed fetch (502), not buffered', async () => {
    const result = await preview('/header-flood');
    expect(`${result.status} ${result.code}`).toBe('502 FetchFailed');
    expect(result.elapsedMs).toBeLessThan(TIME_BOUND_MS);
  });

  it('a redirect loop ends with TooManyRedirects (502) naming the loop', async () => {
    const result = await preview('/loop-a');
    expect(`${result.status} ${result.code}`).toBe('502 TooManyRedirects');
    expect(result.message).toContain('loop');
    expect(result.loads).toBeLessThanOrEqual(3);
  });

  it('a redirect chain longer than the limit ends with TooManyRedirects (502)', async () => {
    const result = await preview('/chain-0');
    expect(`${result.status} ${result.code}`).toBe('502 TooManyRedirects');
    expect(result.loads).toBe(6);
  });

  it('slowloris (headers, then one byte a second; or a header one byte a second) and a source that never answers end with FetchTimeout (504); the API keeps answering meanwhile', async () => {
    const internet = createSimulatedInternet();
    const harness = createTestApp({ engine: createSimulatedEngine(internet) });
    const pending = Promise.all([preview('/slowloris'), preview('/silent'), preview('/slow-headers')]);
    await sleep(2000);
    expect((await harness.get('/api/v1/health/live')).status).toBe(200);
    const { status } = await errorOf(await harness.post('/api/v1/preview', { url: `http://public.test:${site.port}/loop-a` }));
    expect(status).toBe(502);
    const [slow, silent, slowHeaders] = await pending;
    expect(`${slow.status} ${slow.code}`).toBe('504 FetchTimeout');
    expect(`${silent.status} ${silent.code}`).toBe('504 FetchTimeout');
    expect(`${slowHeaders.status} ${slowHeaders.code}`).toBe('504 FetchTimeout');
    expect(slowHeaders.elapsedMs).toBeLessThan(TIME_BOUND_MS);
    expect(slow.elapsedMs).toBeLessThan(TIME_BOUND_MS);
    expect(silent.elapsedMs).toBeLessThan(TIME_BOUND_MS);
  }, 60_000);
});
