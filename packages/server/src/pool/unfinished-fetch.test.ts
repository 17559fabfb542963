import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, FeedError, type FeedConfig, type FetchRequest } from '@pagefeed/core';
import { createStrategies } from '@pagefeed/fetchers';
import type { FetchOutcome, UnfinishedFetchStrategy } from '@pagefeed/fetchers/unfinished';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { createExtractionPool, type ExtractionPool } from './extraction-pool.js';
import { ownBuffer, transferList } from './fetch-reply.js';

/**
 * The page's bytes cross to the worker undecoded (a transferred buffer) and the worker decodes and
 * checks them: the feed of a page in a legacy charset is the one the in-process engine makes, a
 * blocked page fails with the same error, and the main thread's copy of the bytes is detached
 * after the hand-over (it cannot be read by mistake). Real worker threads, a loopback source.
 */
function listPage(title: string, items: readonly string[]): string {
  const entries = items.map((text, index) => `<article><h2><a href="/p/${index}">${text}</a></h2><p>Teaser ${index}</p></article>`);
  // Over 4 KiB, so the fetched body owns its memory and is transferred as it is (smaller ones are copied first).
  const footer = `<footer>${'Impressum und Datenschutz. '.repeat(200)}</footer>`;
  return `<!doctype html><html><head><meta charset="windows-1252"><title>${title}</title></head><body><main>${entries.join('\n')}</main>${footer}</body></html>`;
}

/** Windows-1252 bytes of `text` (Latin-1, plus the four characters of 0x80–0x9F used here). */
function windows1252(text: string): Buffer {
  const extra: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96 };
  return Buffer.from([...text].map((char) => extra[char] ?? char.charCodeAt(0)));
}

const TITLES = ['Größere Fähren für den Hafen', 'Café Müller öffnet – endlich', '“Zitat” des Tages: 5 € pro Stück', 'Übersicht der Änderungen im Fahrplan', 'Straßenfest am Kai mit Musik'];
const LATIN_PAGE = windows1252(listPage('Hafen – Nachrichten', TITLES));
const CAPTCHA = '<html><head><title>Store</title></head><body><h1>One moment</h1><p>Please solve the captcha to continue.</p></body></html>';

let source: FixtureServer;
const pools: ExtractionPool[] = [];
beforeAll(async () => {
  source = await startFixtureServer({
    '/latin': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(LATIN_PAGE);
    },
    '/captcha': html(CAPTCHA, 403),
  });
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await source.close();
});

function config(path: string): FeedConfig {
  return { channel: { url: `${source.origin}${path}` }, strategy: 'plain', headers: {}, auto_source: { enabled: true }, stylesheets: [], request: {}, parameters: {} };
}

/** The real plain strategy, remembering every body it hands over unfinished. */
function recordingStrategies(bodies: Uint8Array[]) {
  const real = createStrategies({}).plain as UnfinishedFetchStrategy;
  const plain: UnfinishedFetchStrategy = {
    name: 'plain',
    fetch: (request, context) => real.fetch(request, context),
    async fetchUnfinished(request: FetchRequest, context): Promise<FetchOutcome> {
      const outcome = await real.fetchUnfinished(request, context);
      if (outcome.unfinished) bodies.push(outcome.unfinished.body);
      return outcome;
    },
  };
  return { plain };
}

function pool(bodies: Uint8Array[]): ExtractionPool {
  const created = createExtractionPool({ size: 1, budgetMs: 60_000, strategies: recordingStrategies(bodies), context: { allowPrivateNetworks: true }, autoSource: true });
  pools.push(created);
  return created;
}

const inProcess = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource(), allowPrivateNetworks: true });

describe('pages decoded and checked in the worker', () => {
  it('makes the same feed of a windows-1252 page as the in-process engine, and detaches the bytes it handed over', async () => {
    const bodies: Uint8Array[] = [];
    const { result } = await pool(bodies).run({ config: config('/latin') });
    const expected = await inProcess.generate(config('/latin'));
    expect(result.feed.channel.title).toBe('Hafen – Nachrichten');
    expect(result.feed.items.map((item) => item.title)).toEqual(TITLES);
    // Each engine stamps new items with the time it first saw them; everything else is the same.
    const withoutFirstSeen = (items: typeof result.feed.items) => items.map(({ first_seen_at: _seen, ...rest }) => rest);
    expect(withoutFirstSeen(result.feed.items)).toEqual(withoutFirstSeen(expected.feed.items));
    expect(result.feed.channel).toEqual(expected.feed.channel);
    // Handed over once, as a transferred buffer: nothing is left to read on the main thread.
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.byteLength).toBe(0);
  });

  it('fails a blocked page with the error the strategy itself gives', async () => {
    const bodies: Uint8Array[] = [];
    const fromPool = await pool(bodies).run({ config: config('/captcha') }).catch((error: unknown) => error);
    const direct = await createStrategies({}).plain.fetch({ url: `${source.origin}/captcha`, strategy: 'plain', headers: {}, request: {} }, { allowPrivateNetworks: true }).catch((error: unknown) => error);
    const fromEngine = await inProcess.generate(config('/captcha')).catch((error: unknown) => error);
    expect(fromPool).toBeInstanceOf(FeedError);
    expect(fromPool).toMatchObject({ code: 'BlockedSurface', message: (fromEngine as FeedError).message, hint: (fromEngine as FeedError).hint });
    expect((fromPool as FeedError).message).toContain((direct as FeedError).message);
    expect(bodies).toHaveLength(1);
  });
});

describe('the buffer handed over', () => {
  it('copies a body that shares its memory (a small Buffer from the pool) and leaves the original readable', async () => {
    const small = Buffer.from('<p>short page</p>');
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength); // a slice of Node's Buffer pool
    const reply = { unfinished: ownBuffer({ requestUrl: 'http://x.test/', url: 'http://x.test/', status: 200, headers: {}, body: small }) };
    expect(reply.unfinished.body.buffer).not.toBe(small.buffer);
    const channel = new MessageChannel();
    const received = new Promise<{ unfinished: { body: Uint8Array } }>((resolve) => channel.port2.once('message', resolve));
    channel.port1.postMessage(reply, transferList(reply));
    expect(Buffer.from((await received).unfinished.body).toString()).toBe('<p>short page</p>');
    expect(reply.unfinished.body.byteLength).toBe(0);
    expect(small.toString()).toBe('<p>short page</p>');
    channel.port1.close();
  });

  it('hands over a body that owns its memory as it is', () => {
    const body = new Uint8Array(64 * 1024);
    const unfinished = { requestUrl: 'http://x.test/', url: 'http://x.test/', status: 200, headers: {}, body };
    expect(ownBuffer(unfinished).body).toBe(body);
    expect(transferList({ unfinished })).toEqual([body.buffer]);
    expect(transferList({ result: { url: 'http://x.test/', status: 200, headers: {}, body: '', contentType: 'text/html' } })).toEqual([]);
  });
});
