import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { CHROMIUM_PATH } from '../../../../testing/system.js';

/**
 * Plays the rendering service for tests: a real headless Chromium behind a small websocket proxy
 * that checks `?token=` like browserless does (wrong or missing token → HTTP 401).
 */
export interface RendererService {
  readonly websocketUrl: string;
  readonly token: string;
  /** Sessions the proxy let through. */
  readonly sessions: () => number;
  close(): Promise<void>;
}

export async function startChromium(extraArguments: readonly string[] = []): Promise<{ devtoolsUrl: string; process: ChildProcess; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'pagefeed-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, '--remote-debugging-port=0', ...extraArguments, 'about:blank',
    ],
    // Own process group, so stopping it also stops Chromium's helper processes.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const devtoolsUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not print its DevTools URL:\n${seen}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${seen}`)));
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Helper processes may still be flushing into the profile for a moment.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  return { devtoolsUrl, process: child, stop };
}

export async function startTokenProxy(devtoolsUrl: string, token: string, mode: 'proxy' | 'close-after-upgrade' = 'proxy'): Promise<RendererService> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(426).end('websocket only');
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const websockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  let sessions = 0;
  server.on('upgrade', (request, socket, head) => {
    const given = new URL(request.url ?? '/', 'http://renderer').searchParams.get('token');
    if (given !== token) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    websockets.handleUpgrade(request, socket, head, (client) => {
      if (mode === 'close-after-upgrade') return client.terminate();
      sessions += 1;
      const upstream = new WebSocket(devtoolsUrl, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
      const pending: Array<{ data: WebSocket.RawData; binary: boolean }> = [];
      client.on('message', (data, binary) => {
        if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
        else pending.push({ data, binary });
      });
      upstream.on('open', () => {
        for (const message of pending.splice(0)) upstream.send(message.data, { binary: message.binary });
      });
      upstream.on('message', (data, binary) => client.send(data, { binary }));
      upstream.on('close', () => client.close());
      upstream.on('error', () => client.terminate());
      client.on('close', () => upstream.close());
      client.on('error', () => upstream.terminate());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    websocketUrl: `ws://127.0.0.1:${port}`,
    token,
    sessions: () => sessions,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of websockets.clients) client.terminate();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
