import { createFeedToken } from '@pagefeed/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { createTestApp, errorOf, SECRET, type TestApp } from '../support/app.js';
import { createSimulatedEngine, createSimulatedInternet } from '../support/simulated-internet.js';

/**
 * Created-feed tokens are the credential of a feed: any change to one, a token signed with another
 * key, and a token whose account does not (or no longer) allow its URL are all the same 404,
 * whatever the format asked for. Accounts cannot create feeds outside their allowed URLs.
 */
let site: FixtureServer;
let harness: TestApp;
let aliceToken: string;
const ALICE = 'alice-account-token-0123456789';
const BOB = 'bob-account-token-0123456789';

const LISTING = `<!doctype html><html><head><title>Alice news</title></head><body><main>${[1, 2, 3]
  .map((n) => `<article><h2><a href="/post/${n}">Alice post number ${n} with a long title</a></h2><p>Text ${n}.</p></article>`)
  .join('')}</main></body></html>`;

beforeAll(async () => {
  site = await startFixtureServer({ '/alice/news': html(LISTING), '/bob/news': html(LISTING.replace(/Alice/g, 'Bob')) });
  harness = createTestApp({
    engine: createSimulatedEngine(createSimulatedInternet()),
    accounts: [
      { username: 'alice', token: ALICE, allowed_urls: [`http://public.test:${site.port}/alice/*`] },
      { username: 'bob', token: BOB, allowed_urls: [`http://public.test:${site.port}/bob/*`] },
    ],
  });
  const response = await harness.post('/api/v1/feeds', { url: `http://public.test:${site.port}/alice/news` }, harness.bearer(ALICE));
  expect(response.status).toBe(201);
  aliceToken = ((await response.json()) as { feed: { token: string } }).feed.token;
});

afterAll(async () => site.close());

async function read(token: string, extension = '.rss') {
  return harness.get(`/api/v1/feeds/${token}${extension}`);
}

function payloadOf(token: string): Record<string, string> {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<string, string>;
}

describe('created-feed tokens', () => {
  it('the genuine token reads (the refusals below are about the token)', async () => {
    const response = await read(aliceToken);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Alice post number 1');
  });

  it('any single-character change anywhere in the token is 404 FeedNotFound', async () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/%';
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: aliceToken.length - 1 }), fc.constantFrom(...alphabet), fc.constantFrom('.rss', '.atom', '.json', ''), async (position, character, extension) => {
        fc.pre(aliceToken[position] !== character);
        const tampered = `${aliceToken.slice(0, position)}${character}${aliceToken.slice(position + 1)}`;
        const { status, code } = await errorOf(await read(encodeURIComponent(tampered), extension));
        expect(`${status} ${code}`).toBe('404 FeedNotFound');
      }),
      { numRuns: 200 },
    );
  });

  it('every truncation of the token is 404', async () => {
    for (let length = 1; length < aliceToken.length; length += 1) {
      const { status } = await errorOf(await read(aliceToken.slice(0, length)));
      expect(status, `first ${length} characters`).toBe(404);
    }
  });

  it('the same payload re-signed with another key is 404', async () => {
    const payload = payloadOf(aliceToken);
    const forged = createFeedToken({ url: payload['url'] ?? '', strategy: 'plain', account: 'alice', created_at: payload['created_at'] ?? '' }, `${SECRET}-but-another-key`);
    expect(forged.split('.')[0]).toBe(aliceToken.split('.')[0]);
    expect((await errorOf(await read(forged))).status).toBe(404);
  });

  it('cross-account: a payload naming another account, or a URL the account does not allow, is 404', async () => {
    const payload = payloadOf(aliceToken);
    const createdAt = payload['created_at'] ?? '';
    const bobUrl = `http://public.test:${site.port}/bob/news`;
    // Bob's signature under Alice's payload part, and Alice's payload claiming Bob.
    const bobResponse = await harness.post('/api/v1/feeds', { url: bobUrl }, harness.bearer(BOB));
    const bobToken = ((await bobResponse.json()) as { feed: { token: string } }).feed.token;
    const swapped = `${aliceToken.split('.')[0]}.${bobToken.split('.')[1]}`;
    const claimsBob = `${Buffer.from(JSON.stringify({ ...payload, account: 'bob' })).toString('base64url')}.${aliceToken.split('.')[1]}`;
    expect((await errorOf(await read(swapped))).status).toBe(404);
    expect((await errorOf(await read(claimsBob))).status).toBe(404);
    // Correctly signed (as if the key leaked or the account's allowed_urls shrank): still refused
    // because the account does not allow the URL, or does not exist.
    const outsideAlice = createFeedToken({ url: bobUrl, strategy: 'plain', account: 'alice', created_at: createdAt }, SECRET);
    const ghost = createFeedToken({ url: bobUrl, strategy: 'plain', account: 'mallory', created_at: createdAt }, SECRET);
    for (const token of [outsideAlice, ghost]) expect(`${(await errorOf(await read(token))).status}`).toBe('404');
  });

  it('an account cannot create or preview a feed outside its allowed URLs (403)', async () => {
    for (const path of ['/api/v1/feeds', '/api/v1/preview']) {
      const { status, code } = await errorOf(await harness.post(path, { url: `http://public.test:${site.port}/bob/news` }, harness.bearer(ALICE)));
      expect(`${status} ${code}`).toBe('403 Forbidden');
    }
  });

  it('a missing, wrong, or near-miss bearer token is 401', async () => {
    for (const headers of [{}, harness.bearer('wrong'), harness.bearer(ALICE.slice(0, -1)), harness.bearer(`${ALICE}x`), { authorization: ALICE }, { authorization: `Basic ${ALICE}` }]) {
      const { status, code } = await errorOf(await harness.post('/api/v1/preview', { url: `http://public.test:${site.port}/alice/news` }, headers));
      expect(`${status} ${code}`).toBe('401 Unauthorized');
    }
  });
});
