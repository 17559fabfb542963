import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, requireChromium } from '../../../../testing/system.js';
import { run } from '../main.js';
import { captureIo } from '../test-support/capture-io.js';
import { rendererCommand } from './renderer.js';

const chromium = requireChromium();

/** The HTTP status of a websocket handshake with `token`. */
function handshake(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = request(`${url.replace(/^ws/, 'http')}/?token=${token}`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    });
    attempt.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    attempt.on('upgrade', (_response, socket) => {
      socket.destroy();
      resolve(101);
    });
    attempt.on('error', reject);
    attempt.end();
  });
}

describe('pagefeed renderer', () => {
  it('says what to install when there is no Chromium, with the code, exit 1', async () => {
    const io = captureIo({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(await run(['renderer'], io)).toBe(1);
    expect(io.err()).toMatch(/^pagefeed: RendererConnectionFailed: Renderer cannot start: CHROMIUM_PATH '\/nonexistent\/chromium' is not an executable file/);
    expect(io.err()).toContain('apt-get install chromium');
  });

  it('suggests the flag meant', async () => {
    const io = captureIo();
    expect(await run(['renderer', '--prot', '3001'], io)).toBe(2);
    expect(io.err()).toContain('did you mean --port?');
  });

  it.runIf(chromium.available)('listens with the given token, refuses others, and stops on the signal', async () => {
    const io = captureIo({ CHROMIUM_PATH, RENDERER_API_TOKEN: 'cli-renderer-token' });
    const stop = new AbortController();
    const running = rendererCommand(['--port', '0'], io, stop.signal);
    await expect.poll(() => io.out(), { timeout: 20_000 }).toContain('listening on');
    const url = /listening on (ws:\/\/\S+)/.exec(io.out())?.[1] ?? '';
    expect(io.out()).not.toContain('cli-renderer-token');
    expect(await handshake(url, 'wrong')).toBe(401);
    stop.abort();
    expect(await running).toBe(0);
    expect(io.out()).toContain('pagefeed renderer stopped');
  });
});
