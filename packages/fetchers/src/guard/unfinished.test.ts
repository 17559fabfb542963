import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import type { FetchRequest } from '@pagefeed/core';
import { html, startFixtureServer, type FixtureHandler, type FixtureServer } from '../../../../testing/fixture-server.js';
import { createMemoryCache } from '../cache/memory.js';
import { createPlainStrategy } from '../strategies/plain.js';
import { canFetchUnfinished, finishFetch } from './unfinished.js';

/**
 * `fetchUnfinished` + `finishFetch` (the server's extraction pool finishes on a worker thread) give
 * what `fetch` gives: the same text for a page in a legacy charset, the same errors for a blocked
 * page, an HTTP error and a refused content type; a response kept for conditional requests comes
 * back finished (it is stored decoded). Pages are written here, served by a loopback server.
 */
function bytes(body: Buffer, headers: Record<string, string>, status = 200): FixtureHandler {
  return (_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  };
}

const LATIN = '<!doctype html><html><head><meta charset="windows-1252"><title>Café Müller – Nachrichten</title></head><body><p>Größe “quoted” €</p></body></html>';
const SJIS = '<!doctype html><html><head><title>ニュース一覧</title></head><body><p>東京の天気</p></body></html>';

let source: FixtureServer;
beforeAll(async () => {
  source = await startFixtureServer({
    '/latin': bytes(iconv.encode(LATIN, 'windows-1252'), { 'content-type': 'text/html' }),
    '/sjis': bytes(iconv.encode(SJIS, 'shift_jis'), { 'content-type': 'text/html; charset=Shift_JIS' }),
    '/captcha': html('<html><head><title>Store</title></head><body><h1>One moment</h1><p>Please solve the captcha to continue.</p></body></html>', 403),
    '/gone': html('<html><body>Gone</body></html>', 410),
    '/binary': bytes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), { 'content-type': 'image/png' }),
    '/validated': (incoming, response) => {
      if (incoming.headers['if-none-match'] === '"v1"') return void response.writeHead(304, { etag: '"v1"' }).end();
      html('<html><head><title>Kept</title></head><body>x</body></html>', 200, { etag: '"v1"' })(incoming, response);
    },
    '/plain': html('<html><head><title>Plain</title></head><body>y</body></html>'),
  });
});
afterAll(() => source.close());

const strategy = createPlainStrategy({ allowPrivateNetworks: true });
const request = (path: string): FetchRequest => ({ url: `${source.origin}${path}`, strategy: 'plain', headers: {}, request: {} });
const context = { allowPrivateNetworks: true };

async function outcomeOf(promise: Promise<unknown>): Promise<{ value?: unknown; error?: { name: string; code?: unknown; message: string } }> {
  try {
    return { value: await promise };
  } catch (error) {
    const { name, message, code } = error as Error & { code?: unknown };
    return { error: { name, message, code } };
  }
}

describe('fetchUnfinished and finishFetch', () => {
  it('is offered by the guarded strategies', () => {
    expect(canFetchUnfinished(strategy)).toBe(true);
    expect(canFetchUnfinished({ name: 'x', fetch: async () => { throw new Error('unused'); } })).toBe(false);
  });

  it.each(['/latin', '/sjis', '/plain'])('decodes %s as fetch does', async (path) => {
    const outcome = await strategy.fetchUnfinished(request(path), context);
    expect(outcome.unfinished).toBeDefined();
    expect(outcome.unfinished!.body).toBeInstanceOf(Uint8Array);
    const finished = finishFetch(outcome.unfinished!);
    expect(finished).toEqual(await strategy.fetch(request(path), context));
  });

  it('reads the legacy charsets right (not only the same as fetch)', async () => {
    const latin = finishFetch((await strategy.fetchUnfinished(request('/latin'), context)).unfinished!);
    expect(latin.body).toContain('Café Müller – Nachrichten');
    expect(latin.body).toContain('Größe “quoted” €');
    const sjis = finishFetch((await strategy.fetchUnfinished(request('/sjis'), context)).unfinished!);
    expect(sjis.body).toContain('ニュース一覧');
  });

  it.each([
    ['/captcha', 'BlockedSurface'],
    ['/gone', 'UpstreamHttpError'],
    ['/binary', 'UnsupportedResponseContentType'],
  ])('fails %s with the error fetch gives (%s)', async (path, code) => {
    const direct = await outcomeOf(strategy.fetch(request(path), context));
    const outcome = await strategy.fetchUnfinished(request(path), context);
    const finished = await outcomeOf(Promise.resolve().then(() => finishFetch(outcome.unfinished!)));
    expect(direct.error?.code).toBe(code);
    expect(finished).toEqual(direct);
  });

  it('fails before finishing where fetch fails before finishing (guard, size limit)', async () => {
    const tooBig = { ...request('/plain'), request: { max_bytes: 10 } };
    expect((await outcomeOf(strategy.fetchUnfinished(tooBig, context))).error?.code).toBe('ResponseTooLarge');
    const refused = await outcomeOf(strategy.fetchUnfinished(request('/plain'), { allowPrivateNetworks: false }));
    expect(refused).toEqual(await outcomeOf(createPlainStrategy().fetch(request('/plain'), { allowPrivateNetworks: false })));
    expect(refused.error?.code).toBeDefined();
  });

  it('finishes a response it keeps for conditional requests, and answers the 304 from it', async () => {
    const cache = createMemoryCache();
    const kept = await strategy.fetchUnfinished(request('/validated'), { ...context, cache });
    expect(kept.unfinished).toBeUndefined();
    expect(kept.result?.body).toContain('<title>Kept</title>');
    const again = await strategy.fetchUnfinished(request('/validated'), { ...context, cache });
    expect(again.result?.revalidated).toBe(true);
    // Without a validator there is nothing to keep: the bytes come back unfinished.
    expect((await strategy.fetchUnfinished(request('/plain'), { ...context, cache })).unfinished).toBeDefined();
  });
});
