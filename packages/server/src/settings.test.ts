import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readSettings } from './settings.js';

describe('readSettings', () => {
  it('uses the documented defaults in development, with a random key and a warning', () => {
    const settings = readSettings({});
    expect(settings.port).toBe(4000);
    expect(settings.environment).toBe('development');
    expect(settings.feedsFile).toBe('./feeds.yml');
    expect(settings.autoSourceEnabled).toBe(true);
    expect(settings.secretKey).toHaveLength(64);
    expect(readSettings({}).secretKey).not.toBe(settings.secretKey);
    expect(settings.warnings.join('\n')).toContain('SERVICE_SECRET_KEY is not set');
  });

  it('refuses production without a secret key, or with a short one', () => {
    expect(() => readSettings({ NODE_ENV: 'production' })).toThrow(/SERVICE_SECRET_KEY is not set/);
    expect(() => readSettings({ NODE_ENV: 'production', SERVICE_SECRET_KEY: 'short' })).toThrow(/too short \(5 characters\)/);
    expect(readSettings({ NODE_ENV: 'production', SERVICE_SECRET_KEY: 'x'.repeat(32) }).secretKey).toBe('x'.repeat(32));
  });

  it('reads flags and numbers, and names the variable when one is wrong', () => {
    const settings = readSettings({ PORT: '0', AUTO_SOURCE_ENABLED: 'false', ALLOW_PRIVATE_NETWORKS: 'true', RENDERER_WEBSOCKET_URL: 'ws://x' });
    expect(settings).toMatchObject({ port: 0, autoSourceEnabled: false, allowPrivateNetworks: true, rendererConfigured: true });
    expect(() => readSettings({ PORT: 'abc' })).toThrow(/PORT must be a whole number/);
    expect(() => readSettings({ AUTO_SOURCE_ENABLED: 'maybe' })).toThrow(/AUTO_SOURCE_ENABLED must be true or false/);
    expect(() => readSettings({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });

  it('reads the extraction pool settings: one worker per core and a 10 s budget by default, 0 workers allowed', () => {
    expect(readSettings({})).toMatchObject({ extractionWorkers: availableParallelism(), extractionTimeoutMs: 10_000 });
    expect(readSettings({ EXTRACTION_WORKERS: '0', EXTRACTION_TIMEOUT_SECONDS: '30' })).toMatchObject({ extractionWorkers: 0, extractionTimeoutMs: 30_000 });
    expect(readSettings({}).extractionWorkerNiceness).toBe(10);
    expect(readSettings({ EXTRACTION_WORKER_NICENESS: '0' }).extractionWorkerNiceness).toBe(0);
    expect(() => readSettings({ EXTRACTION_WORKER_NICENESS: '20' })).toThrow(/EXTRACTION_WORKER_NICENESS must be a whole number from 0 to 19, not '20'/);
    expect(() => readSettings({ EXTRACTION_WORKER_NICENESS: '-1' })).toThrow(/EXTRACTION_WORKER_NICENESS must be a whole number ≥ 0/);
    expect(() => readSettings({ EXTRACTION_TIMEOUT_SECONDS: '0' })).toThrow(/EXTRACTION_TIMEOUT_SECONDS must be a positive number of seconds, not '0'/);
    expect(() => readSettings({ EXTRACTION_WORKERS: 'two' })).toThrow(/EXTRACTION_WORKERS must be a whole number ≥ 0/);
  });

  it('reads TRUSTED_PROXIES once (unset: none), and stops at a wrong entry with the variable, the entry and the fix', () => {
    expect(readSettings({}).trustedProxies).toEqual([]);
    expect(readSettings({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8' }).trustedProxies.map((range) => range.text)).toEqual(['127.0.0.0/8', '::1', '10.0.0.0/8']);
    expect(() => readSettings({ TRUSTED_PROXIES: '10.0.0.0/8,10.0.0.300' })).toThrow(/^TRUSTED_PROXIES must list IP addresses or CIDR ranges separated by commas; '10.0.0.300' is neither$/);
    expect(() => readSettings({ TRUSTED_PROXIES: 'fd00::/200' })).toThrow(/TRUSTED_PROXIES: the prefix length of an IPv6 range must be a whole number from 0 to 128, not '200'/);
    expect(readSettings({ TRUSTED_PROXIES: '0.0.0.0/0' }).warnings.join('\n')).toContain('TRUSTED_PROXIES trusts every IPv4 address');
  });

  it('reads PUBLIC_URL once as an origin (unset or blank: none), and stops at a wrong one with the variable, the value and the fix', () => {
    expect(readSettings({}).publicUrl).toBeUndefined();
    expect(readSettings({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    expect(readSettings({ PUBLIC_URL: 'https://feeds.example.com' }).publicUrl).toBe('https://feeds.example.com');
    expect(readSettings({ PUBLIC_URL: 'https://feeds.example.com/' }).publicUrl).toBe('https://feeds.example.com');
    expect(readSettings({ PUBLIC_URL: 'http://feeds.example.com:8080/' }).publicUrl).toBe('http://feeds.example.com:8080');
    expect(() => readSettings({ PUBLIC_URL: 'https://feeds.example.com/feeds' })).toThrow(/^PUBLIC_URL must be an origin \(scheme, host and optional port\) without a path, not 'https:\/\/feeds.example.com\/feeds'/);
    expect(() => readSettings({ PUBLIC_URL: 'https://feeds.example.com/?a=1' })).toThrow(/^PUBLIC_URL must be an origin without a query string, not 'https:\/\/feeds.example.com\/\?a=1'$/);
    expect(() => readSettings({ PUBLIC_URL: 'https://user:pass@feeds.example.com' })).toThrow(/^PUBLIC_URL must not contain a user name or password, not 'https:\/\/\*\*\*@feeds.example.com'$/);
    expect(() => readSettings({ PUBLIC_URL: 'ftp://feeds.example.com' })).toThrow(/^PUBLIC_URL must start with http:\/\/ or https:\/\/, not 'ftp:\/\/feeds.example.com'$/);
    expect(() => readSettings({ PUBLIC_URL: 'garbage' })).toThrow(/^PUBLIC_URL must be an absolute http or https URL such as https:\/\/feeds.example.com, not 'garbage'$/);
  });
});
