import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Token comparison goes through `constantTimeEqual`: both sides are reduced to equal-length HMACs
 * and compared with crypto.timingSafeEqual, so the work does not depend on where (or whether) the
 * strings differ. Asserted on behaviour (what is compared, how often), never on measured time.
 */
const calls: Array<[number, number]> = [];

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return {
    ...original,
    timingSafeEqual: (left: NodeJS.ArrayBufferView, right: NodeJS.ArrayBufferView) => {
      calls.push([left.byteLength, right.byteLength]);
      return original.timingSafeEqual(left, right);
    },
  };
});

const { constantTimeEqual, createAccounts, createFeedToken, verifyFeedToken } = await import('@pagefeed/server');

beforeEach(() => void (calls.length = 0));

describe('constantTimeEqual', () => {
  it('answers equality correctly, including unicode, empty and very different lengths', () => {
    expect(constantTimeEqual('secret-token', 'secret-token')).toBe(true);
    expect(constantTimeEqual('secret-token', 'secret-tokeN')).toBe(false);
    expect(constantTimeEqual('Xecret-token', 'secret-token')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('', 'x'.repeat(10_000))).toBe(false);
    expect(constantTimeEqual('ünïcødé 🔑', 'ünïcødé 🔑')).toBe(true);
    expect(constantTimeEqual('ünïcødé 🔑', 'unicode 🔑')).toBe(false);
  });

  it('compares fixed-length digests with timingSafeEqual, whatever the inputs\' lengths and matching prefix', () => {
    const expected = 'a'.repeat(43);
    for (const presented of ['', 'b', 'a'.repeat(42), 'a'.repeat(42) + 'b', 'b' + 'a'.repeat(42), 'a'.repeat(43), 'a'.repeat(5000)]) {
      constantTimeEqual(presented, expected);
    }
    expect(calls).toHaveLength(7);
    expect(new Set(calls.map(([left, right]) => `${left}/${right}`))).toEqual(new Set(['32/32']));
  });

  it('verifyFeedToken compares the signature with it, for a wrong signature as for a right one', () => {
    const key = 'k'.repeat(40);
    const token = createFeedToken({ url: 'https://example.com/', strategy: 'plain', account: 'alice', created_at: '2026-01-01T00:00:00.000Z' }, key);
    const [payload, signature = ''] = token.split('.');
    verifyFeedToken(token, key);
    verifyFeedToken(`${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`, key);
    verifyFeedToken(`${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, key);
    expect(calls).toHaveLength(3);
  });

  it('authenticate compares the token against every account, with no early exit on a match', () => {
    const accounts = createAccounts(
      Array.from({ length: 5 }, (_unused, index) => ({ username: `user${index}`, token: `token-${index}-0123456789`, allowed_urls: ['*'] })),
      'admin-token-0123456789',
    );
    for (const presented of ['admin-token-0123456789', 'token-0-0123456789', 'token-4-0123456789', 'nobody']) {
      calls.length = 0;
      accounts.authenticate(presented);
      expect(calls, presented).toHaveLength(6);
    }
    expect(accounts.authenticate('token-4-0123456789')?.username).toBe('user4');
  });
});
