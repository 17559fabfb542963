import { describe, expect, it } from 'vitest';
import { ADMIN_USERNAME, createAccounts, urlAllowed } from './accounts.js';
import { bearerToken, constantTimeEqual } from './constant-time.js';
import { createFeedToken, feedIdOf, verifyFeedToken } from './feed-token.js';

const SECRET = 'k'.repeat(40);

describe('constantTimeEqual', () => {
  it.each([
    ['same', 'same', true],
    ['same', 'Same', false],
    ['short', 'a much longer secret value', false],
    ['', '', true],
    ['', 'x', false],
  ])('%j vs %j → %s', (left, right, expected) => {
    expect(constantTimeEqual(left, right)).toBe(expected);
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('accounts', () => {
  const accounts = createAccounts(
    [{ username: 'alice', token: 'alice-token', allowed_urls: ['https://example.com/**', 'https://exact.org/news'] }],
    'admin-token',
  );

  it('authenticates ACCESS_TOKEN as the admin account allowed every URL', () => {
    const admin = accounts.authenticate('admin-token');
    expect(admin?.username).toBe(ADMIN_USERNAME);
    expect(accounts.allows(admin!, 'http://anything.test/x')).toBe(true);
  });

  it('authenticates feeds.yml accounts and checks their patterns', () => {
    const alice = accounts.authenticate('alice-token')!;
    expect(alice.username).toBe('alice');
    expect(accounts.allows(alice, 'https://example.com/blog/1')).toBe(true);
    expect(accounts.allows(alice, 'https://exact.org/news')).toBe(true);
    expect(accounts.allows(alice, 'https://exact.org/news/2')).toBe(false);
    expect(accounts.allows(alice, 'https://evil.test/?https://example.com/')).toBe(false);
  });

  it('refuses unknown tokens', () => {
    expect(accounts.authenticate('nope')).toBeUndefined();
    expect(createAccounts([]).authenticate('')).toBeUndefined();
  });

  it('treats pattern characters other than * literally', () => {
    expect(urlAllowed(['https://a.b/?q=1'], 'https://a.b/?q=1')).toBe(true);
    expect(urlAllowed(['https://a.b/x.y*'], 'https://a.b/xzy')).toBe(false);
  });
});

describe('feed tokens', () => {
  const payload = { url: 'https://example.com/news', strategy: 'plain' as const, account: 'alice', created_at: '2026-06-01T12:00:00.000Z' };

  it('round-trips a signed payload', () => {
    const token = createFeedToken(payload, SECRET);
    expect(verifyFeedToken(token, SECRET)).toEqual(payload);
    expect(feedIdOf(token)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses a tampered payload, a foreign key and garbage', () => {
    const token = createFeedToken(payload, SECRET);
    const [encoded, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload, url: 'https://evil.test/' })).toString('base64url');
    expect(verifyFeedToken(`${forged}.${signature}`, SECRET)).toBeUndefined();
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyFeedToken(`${encoded}.${flipped}`, SECRET)).toBeUndefined();
    expect(verifyFeedToken(token, 'x'.repeat(40))).toBeUndefined();
    expect(verifyFeedToken('not-a-token', SECRET)).toBeUndefined();
  });
});

describe('account URL rules (issue #18: URLs, not strings)', () => {
  const accounts = createAccounts([
    { username: 'sub', token: 'sub-token', allowed_urls: ['https://*.example.com/*'] },
    { username: 'prefix', token: 'prefix-token', allowed_urls: ['http://allowed.test/**'] },
  ]);

  it('a wildcard host never reaches into the path: the attack pass bypass is refused', () => {
    const sub = accounts.authenticate('sub-token')!;
    expect(accounts.allows(sub, 'https://127.0.0.1:8443/.example.com/')).toBe(false);
    expect(accounts.allows(sub, 'https://news.example.com/latest')).toBe(true);
  });

  it('a host is matched whole: allowed.test does not allow allowed.test.evil.example', () => {
    const prefix = accounts.authenticate('prefix-token')!;
    expect(accounts.allows(prefix, 'http://allowed.test.evil.example/')).toBe(false);
    expect(accounts.allows(prefix, 'http://allowed.test/a/b')).toBe(true);
  });
});
