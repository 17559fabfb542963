import { createEngine } from '@pagefeed/core';
import { createStrategies } from '@pagefeed/fetchers';
import { describe, expect, it } from 'vitest';
import { createTestApp, errorOf } from '../support/app.js';

/** Request bodies over the limit are 413; the web UI at `/` is served under a strict CSP. */
const engine = createEngine({ strategies: createStrategies({}) });

describe('request body limit', () => {
  const harness = createTestApp({ engine, settings: { bodyLimitBytes: 1024 } });

  it.each(['/api/v1/preview', '/api/v1/feeds'])('%s answers 413 PayloadTooLarge above the limit (declared length)', async (path) => {
    const body = JSON.stringify({ url: `https://example.com/${'a'.repeat(2000)}` });
    const { status, code } = await errorOf(await harness.post(path, body));
    expect(`${status} ${code}`).toBe('413 PayloadTooLarge');
  });

  it('answers 413 for a streamed body without Content-Length', async () => {
    const chunk = new TextEncoder().encode(`{"url":"https://example.com/${'b'.repeat(600)}`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 4; index += 1) controller.enqueue(chunk);
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
      },
    });
    const response = await harness.app.request('/api/v1/preview', { method: 'POST', body: stream, headers: { 'content-type': 'application/json', ...harness.bearer() }, duplex: 'half' } as RequestInit);
    const { status, code } = await errorOf(response);
    expect(`${status} ${code}`).toBe('413 PayloadTooLarge');
  });

  it('a body under the limit is read (not refused for size)', async () => {
    const response = await harness.post('/api/v1/preview', { url: 'file:///etc/passwd' });
    expect(response.status).toBe(400);
  });
});

describe('web UI Content-Security-Policy', () => {
  function directives(header: string | null): Map<string, string> {
    return new Map((header ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter((parts) => parts[0]).map(([name = '', ...values]) => [name, values.join(' ')]));
  }

  it.each([
    ['without a built UI', undefined],
    ['with a built UI', { read: async (path: string) => (path === 'index.html' ? { body: new TextEncoder().encode('<!doctype html><title>pagefeed</title>'), contentType: 'text/html; charset=utf-8' } : undefined) }],
  ])('GET / carries a CSP that allows scripts from this origin only (%s)', async (_label, staticFiles) => {
    const harness = createTestApp({ engine, deps: { staticFiles } });
    // Client-side routes get index.html only when the UI is built.
    for (const path of staticFiles ? ['/', '/some/client/route'] : ['/']) {
      const response = await harness.get(path);
      expect(response.status).toBe(200);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
