import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on a fixed loopback port in front of a real service (the renderer). `down()` closes
 * the port and cuts every open connection mid-stream; `up()` listens on the same port again, so
 * a client configured with this address sees the part fail and come back.
 */
export interface TcpRelay {
  readonly port: number;
  readonly connections: () => number;
  down(): Promise<void>;
  up(): Promise<void>;
}

export async function startTcpRelay(targetPort: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let connections = 0;
  let server: Server | undefined;
  let port = 0;

  async function up(): Promise<void> {
    const created = createServer((client) => {
      connections += 1;
      const upstream = connect({ host: '127.0.0.1', port: targetPort });
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => created.listen(port, '127.0.0.1', resolve));
    port = (created.address() as { port: number }).port;
    server = created;
  }

  async function down(): Promise<void> {
    const running = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  }

  await up();
  return {
    get port() {
      return port;
    },
    connections: () => connections,
    down,
    up,
  };
}
