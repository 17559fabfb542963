import { isFeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from './trusted-proxies.js';

const texts = (value: string | undefined) => parseTrustedProxies(value).map((range) => range.text);

function refusal(value: string) {
  try {
    parseTrustedProxies(value);
  } catch (error) {
    if (!isFeedError(error)) throw error;
    return { code: error.code, message: error.message, hint: error.hint, path: error.path };
  }
  throw new Error(`'${value}' was accepted`);
}

describe('parseTrustedProxies', () => {
  it('is empty when unset or blank: forwarded headers are then ignored', () => {
    expect(texts(undefined)).toEqual([]);
    expect(texts('')).toEqual([]);
    expect(texts(' , ,')).toEqual([]);
  });

  it('reads addresses and ranges of both families, in one spelling', () => {
    expect(texts('127.0.0.1, 10.0.0.0/8,fd00::/8 ,2001:DB8:0::/32,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '2001:db8::/32', '::1']);
    expect(texts('192.168.1.7/32,::/0,0.0.0.0/0,fe80::1/128')).toEqual(['192.168.1.7', '::/0', '0.0.0.0/0', 'fe80::1']);
  });

  it('reads IPv4-mapped IPv6 addresses and ranges as the IPv4 ones they map', () => {
    expect(texts('::ffff:10.0.0.1,::ffff:10.0.0.0/104,::ffff:a00:0/120')).toEqual(['10.0.0.1', '10.0.0.0/8', '10.0.0.0/24']);
    // Written twice, kept once.
    expect(texts('10.0.0.1,::ffff:10.0.0.1')).toEqual(['10.0.0.1']);
  });

  it('knows the keyword loopback (127.0.0.0/8 and ::1), in any case', () => {
    expect(texts('loopback')).toEqual(['127.0.0.0/8', '::1']);
    expect(texts('LOOPBACK,10.1.0.0/16')).toEqual(['127.0.0.0/8', '::1', '10.1.0.0/16']);
  });

  it.each([
    ['10.0.0.300', "'10.0.0.300' is neither"],
    ['10.0.0', "'10.0.0' is neither"],
    ['proxy.internal', "'proxy.internal' is neither"],
    ['private', "'private' is neither"],
    ['fe80::1%eth0', "'fe80::1%eth0' is neither"],
    ['[::1]', "'[::1]' is neither"],
    ['10.0.0.1:8080', "'10.0.0.1:8080' is neither"],
    ['127.0.0.1;10.0.0.1', "'127.0.0.1;10.0.0.1' is neither"],
    ['/8', "'/8' is neither"],
  ])('refuses %j, naming the variable and the entry', (value, message) => {
    const error = refusal(`127.0.0.1,${value}`);
    expect(error).toMatchObject({ code: 'ConfigurationInvalid', path: 'TRUSTED_PROXIES' });
    expect(error.message).toMatch(/^TRUSTED_PROXIES must list IP addresses or CIDR ranges separated by commas/);
    expect(error.message).toContain(message);
    expect(error.hint).toContain('TRUSTED_PROXIES=127.0.0.1,10.0.0.0/8,fd00::/8');
  });

  it.each([
    ['10.0.0.0/33', 'IPv4', '32', "not '33'"],
    ['10.0.0.0/-1', 'IPv4', '32', "not '-1'"],
    ['10.0.0.0/', 'IPv4', '32', "not ''"],
    ['10.0.0.0/8/8', 'IPv4', '32', "not '8/8'"],
    ['10.0.0.0/ 8', 'IPv4', '32', "not ' 8'"],
    ['10.0.0.0/1e1', 'IPv4', '32', "not '1e1'"],
    ['fd00::/129', 'IPv6', '128', "not '129'"],
    ['fd00::/4000', 'IPv6', '128', "not '4000'"],
  ])('refuses the prefix length of %j', (value, family, most, shown) => {
    const error = refusal(value);
    expect(error).toMatchObject({ code: 'ConfigurationInvalid', path: 'TRUSTED_PROXIES' });
    expect(error.message).toBe(`TRUSTED_PROXIES: the prefix length of an ${family} range must be a whole number from 0 to ${most}, ${shown} (in '${value}')`);
  });

  it('refuses a range with address bits after its prefix, and says how to write either meaning', () => {
    expect(refusal('10.0.0.1/8')).toMatchObject({
      message: "TRUSTED_PROXIES: '10.0.0.1/8' has address bits set after its /8 prefix",
      hint: 'write 10.0.0.0/8 for the whole range, or 10.0.0.1 alone for one address',
    });
    expect(refusal('fd00::1/8').hint).toBe('write fd00::/8 for the whole range, or fd00::1 alone for one address');
  });

  it('warns when a range trusts every address', () => {
    const warnings: string[] = [];
    parseTrustedProxies('10.0.0.0/8', warnings);
    expect(warnings).toEqual([]);
    parseTrustedProxies('0.0.0.0/0,::/0', warnings);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain("TRUSTED_PROXIES trusts every IPv4 address ('0.0.0.0/0')");
    expect(warnings[1]).toContain("TRUSTED_PROXIES trusts every address ('::/0')");
  });
});
