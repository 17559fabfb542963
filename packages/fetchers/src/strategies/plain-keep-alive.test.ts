import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { createPlainStrategy } from './plain.js';

const PAGE = '<html><body><ul><li><a href="/a">A</a></li></ul></body></html>';
const request = (url: string) => ({ url, strategy: 'plain' as const, headers: {}, request: { timeout_seconds: 5 } });

/**
 * A source that answers the first request on each connection (keep-alive) and drops the
 * connection when a second one arrives on it: the race of a server closing an idle connection
 * just as the client reuses it, made deterministic.
 */
async function startForgetfulSource() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let requests = 0;
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      while (buffered.includes('\r\n\r\n')) {
        buffered = buffered.slice(buffered.indexOf('\r\n\r\n') + 4);
        requests += 1;
        if (requests > 1) {
          socket.destroy();
          return;
        }
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: ${PAGE.length}\r\nConnection: keep-alive\r\n\r\n${PAGE}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('plain strategy connections', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('reuses one connection for consecutive fetches from the same source', async () => {
    const server: FixtureServer = await startFixtureServer({ '/page': html(PAGE) });
    cleanups.push(() => server.close());
    const strategy = createPlainStrategy({ allowPrivateNetworks: true });
    for (let index = 0; index < 5; index += 1) {
      expect((await strategy.fetch(request(`${server.origin}/page?n=${index}`), {})).body).toBe(PAGE);
    }
    expect(server.hits.get('/page')).toBe(5);
    expect(server.connections()).toBe(1);
  });

  it('retries on a fresh connection when the source dropped the kept-alive one', async () => {
    const source = await startForgetfulSource();
    cleanups.push(() => source.close());
    const strategy = createPlainStrategy({ allowPrivateNetworks: true });
    for (let index = 0; index < 3; index += 1) {
      expect((await strategy.fetch(request(`${source.origin}/page?n=${index}`), {})).body).toBe(PAGE);
    }
    expect(source.connections()).toBe(3);
  });
});
