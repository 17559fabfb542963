import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local HTTP server for sources. Routes are plain handlers; every request and every TCP
 * connection is recorded, so tests can prove what was (or was not) contacted.
 */
export type FixtureHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export interface FixtureServer {
  readonly origin: string;
  readonly port: number;
  readonly hits: Map<string, number>;
  readonly connections: () => number;
  route(path: string, handler: FixtureHandler): void;
  close(): Promise<void>;
}

export function html(body: string, status = 200, headers: Record<string, string> = {}): FixtureHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    response.end(body);
  };
}

export function json(value: unknown, status = 200): FixtureHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(value));
  };
}

export async function startFixtureServer(routes: Record<string, FixtureHandler> = {}): Promise<FixtureServer> {
  const table = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  let connectionCount = 0;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = table.get(path);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    Promise.resolve(handler(request, response)).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  server.on('connection', (socket) => {
    connectionCount += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    connections: () => connectionCount,
    route: (path, handler) => void table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
