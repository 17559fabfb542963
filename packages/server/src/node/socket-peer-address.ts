import type { IncomingMessage } from 'node:http';

/**
 * The address at the other end of the request's connection, from @hono/node-server's bindings:
 * the app's `clientAddress` dependency. Behind a proxy this is the proxy; `TRUSTED_PROXIES` lets
 * the app read the client from the proxy's X-Forwarded-For instead (`client-address/`).
 */
export const socketPeerAddress = (_request: Request, bindings: unknown): string | undefined => (bindings as { incoming?: IncomingMessage }).incoming?.socket.remoteAddress;
