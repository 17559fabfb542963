import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { createAdmission } from './admission.js';
import { createBrowserPool, type BrowserPoolStatus } from './browser-pool.js';
import { silentRendererLogger, type RendererLogger } from './logger.js';
import { bridgeSession } from './session.js';

/**
 * `pagefeed renderer`: a browserless-compatible websocket endpoint (`ws://host:port/?token=…`,
 * puppeteer `connect({ browserWSEndpoint })`) in front of one local headless Chromium.
 */
export interface RendererServiceOptions {
  readonly executablePath: string;
  /** Default 127.0.0.1: the token is the only credential, so other hosts only when asked. */
  readonly host?: string;
  /** Default 3000 (browserless's port); 0 picks a free one. */
  readonly port?: number;
  /** Default: a random token, readable from the result. */
  readonly token?: string;
  /** Sessions (puppeteer connections, one page each for pagefeed) at once. Default 4. */
  readonly maxConcurrentSessions?: number;
  /** Sessions waiting for a slot before new ones get HTTP 429. Default 16. */
  readonly maxQueuedSessions?: number;
  /** Close Chromium after this long without sessions. Default 60 s. */
  readonly idleMs?: number;
  /** Replace Chromium when its processes use more than this. Default 1024 MiB. */
  readonly memoryLimitMb?: number;
  readonly memoryCheckMs?: number;
  readonly logger?: RendererLogger;
  readonly extraArguments?: readonly string[];
}

export interface RendererService {
  /** Without the token: `ws://127.0.0.1:3000`. */
  readonly websocketUrl: string;
  readonly token: string;
  readonly port: number;
  status(): RendererStatus;
  /** Memory check now (tests). */
  checkMemory(): Promise<void>;
  close(): Promise<void>;
}

export interface RendererStatus extends BrowserPoolStatus {
  readonly queued: number;
  readonly refused: number;
}

export const DEFAULTS = { port: 3000, maxConcurrentSessions: 4, maxQueuedSessions: 16, idleMs: 60_000, memoryLimitMb: 1024, memoryCheckMs: 10_000 };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Browserless takes the token from `?token=`; a bearer header is accepted as well. */
function tokenOf(request: IncomingMessage): string | undefined {
  const fromQuery = new URL(request.url ?? '/', 'http://renderer').searchParams.get('token');
  if (fromQuery) return fromQuery;
  return /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

function refuse(socket: Duplex, status: number, reason: string, message: string): void {
  const body = `${message}\n`;
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export async function startRendererService(options: RendererServiceOptions): Promise<RendererService> {
  const logger = options.logger ?? silentRendererLogger;
  const token = options.token ?? randomBytes(24).toString('base64url');
  const expected = digest(token);
  const admission = createAdmission(options.maxConcurrentSessions ?? DEFAULTS.maxConcurrentSessions, options.maxQueuedSessions ?? DEFAULTS.maxQueuedSessions);
  const pool = createBrowserPool({
    executablePath: options.executablePath,
    logger,
    idleMs: options.idleMs ?? DEFAULTS.idleMs,
    memoryLimitBytes: (options.memoryLimitMb ?? DEFAULTS.memoryLimitMb) * 2 ** 20,
    memoryCheckMs: options.memoryCheckMs ?? DEFAULTS.memoryCheckMs,
    ...(options.extraArguments ? { extraArguments: options.extraArguments } : {}),
  });
  let refused = 0;

  const server: Server = createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'text/plain; charset=utf-8', Upgrade: 'websocket' });
    response.end('pagefeed renderer: connect a websocket client (puppeteer.connect) to ws://<host>:<port>/?token=<token>\n');
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const websockets = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void admit(request, socket, head);
  });

  async function admit(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const given = tokenOf(request);
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      refuse(socket, 401, 'Unauthorized', 'pagefeed renderer: missing or wrong token');
      return;
    }
    const gone = new AbortController();
    socket.once('close', () => gone.abort());
    const leave = await admission.enter(gone.signal);
    if (!leave) {
      if (!gone.signal.aborted) {
        refused += 1;
        refuse(socket, 429, 'Too Many Requests', 'pagefeed renderer: all sessions busy and the queue is full; try again shortly');
      }
      return;
    }
    let lease;
    try {
      lease = await pool.acquire();
    } catch (error) {
      leave();
      logger.error('renderer: Chromium could not start', { error: error instanceof Error ? error.message : String(error), executable: options.executablePath });
      refuse(socket, 503, 'Service Unavailable', `pagefeed renderer: Chromium could not start (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
      return;
    }
    if (gone.signal.aborted) {
      await lease.release();
      leave();
      return;
    }
    const session = lease;
    websockets.handleUpgrade(request, socket, head, (client) => {
      void bridgeSession(client, session.endpoint, session.contextId)
        .then(() => session.release())
        .finally(leave);
    });
  }

  const requestedPort = options.port ?? DEFAULTS.port;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(requestedPort, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    websocketUrl: `ws://${shownHost}:${port}`,
    token,
    port,
    status: () => ({ ...pool.status(), queued: admission.queued(), refused }),
    checkMemory: () => pool.checkMemory(),
    async close() {
      for (const client of websockets.clients) client.terminate();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await pool.close();
    },
  };
}
