import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-ranges.js';

describe('classifyAddress', () => {
  const metadata = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '168.63.129.16', 'fd00:ec2::254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe'];

  it('marks every metadata address as metadata, the first time and again (remembered verdicts)', () => {
    for (let round = 0; round < 2; round += 1) {
      for (const address of metadata) expect(classifyAddress(address), address).toMatchObject({ metadata: true });
    }
  });

  it('keeps private, public and non-addresses apart when asked repeatedly', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(classifyAddress('127.0.0.1')).toEqual({ reason: 'loopback', metadata: false });
      expect(classifyAddress('::1')).toEqual({ reason: 'loopback', metadata: false });
      expect(classifyAddress('10.1.2.3')).toEqual({ reason: 'private (RFC 1918)', metadata: false });
      expect(classifyAddress('93.184.216.34')).toEqual({ reason: undefined, metadata: false });
      expect(classifyAddress('2606:4700::1111')).toEqual({ reason: undefined, metadata: false });
      expect(classifyAddress('example.com')).toEqual({ reason: 'not an IP address', metadata: false });
      expect(classifyAddress('::ffff:7f00:1').reason).toBe('loopback, embedded in IPv6 ::ffff:7f00:1 (IPv4-mapped)');
    }
  });

  it('stays correct past the bound on remembered verdicts', () => {
    for (let index = 0; index < 3000; index += 1) classifyAddress(`8.8.${Math.floor(index / 256) % 256}.${index % 256}`);
    expect(classifyAddress('169.254.169.254').metadata).toBe(true);
    expect(classifyAddress('192.168.0.1').reason).toBe('private (RFC 1918)');
  });
});
