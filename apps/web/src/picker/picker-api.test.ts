import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api.js';

/** The picker's two calls: the snapshot and the creation of a selectors feed. */
describe('the picker’s API calls', () => {
  const sent: { url: string; init: RequestInit }[] = [];
  const api = createApiClient({
    baseUrl: 'http://server',
    fetch: async (input, init) => {
      sent.push({ url: String(input), init: init ?? {} });
      return Response.json({});
    },
  });

  it('asks for the snapshot with the token in the header and only url and strategy in the body', async () => {
    await api.snapshot('secret-token', { url: 'https://example.com/', strategy: 'renderer', items: { selector: 'li' } });
    expect(sent[0]?.url).toBe('http://server/api/v1/snapshot');
    expect((sent[0]?.init.headers as Record<string, string>)['authorization']).toBe('Bearer secret-token');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ url: 'https://example.com/', strategy: 'renderer' });
  });

  it('creates a selectors feed with items and selectors in the body', async () => {
    await api.create('secret-token', { url: 'https://example.com/', strategy: 'plain', items: { selector: 'li' }, selectors: { title: { selector: 'a' } } });
    expect(sent[1]?.url).toBe('http://server/api/v1/feeds');
    expect(JSON.parse(String(sent[1]?.init.body))).toEqual({ url: 'https://example.com/', strategy: 'plain', items: { selector: 'li' }, selectors: { title: { selector: 'a' } } });
  });
});
