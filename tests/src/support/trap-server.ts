import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP listener on `::` (IPv4 and IPv6 loopback alike) standing for every private service an
 * attacker would aim at. It answers nothing and records every connection: a refused request must
 * leave the count at 0.
 */
export interface TrapServer {
  readonly port: number;
  readonly connections: () => number;
  readonly peers: readonly string[];
  close(): Promise<void>;
}

export async function startTrapServer(): Promise<TrapServer> {
  const peers: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    peers.push(`${socket.remoteAddress}:${socket.remotePort}`);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 32\r\n\r\n<html><h1>internal secret</h1>\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connections: () => peers.length,
    peers,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
