import type { Server } from 'node:http';

/** A start-up failure that is the operator's to fix: a code, what happened and what to do. */
export class StartError extends Error {
  override readonly name = 'StartError';
  constructor(
    readonly code: 'PortInUse' | 'PortNotAllowed' | 'ListenFailed',
    message: string,
    readonly hint: string | undefined,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Starts listening and resolves with the server, or rejects with a FeedError that says what to do
 * when the port cannot be bound (in use, not allowed) instead of an unhandled 'error' event.
 */
export function listen(start: (onListening: () => void) => Server, port: number): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const server = start(() => {
      server.off('error', failed);
      resolve(server);
    });
    function failed(error: NodeJS.ErrnoException): void {
      server.close();
      reject(bindError(error, port));
    }
    server.once('error', failed);
  });
}

export function bindError(error: NodeJS.ErrnoException, port: number): StartError {
  if (error.code === 'EADDRINUSE') {
    return new StartError(
      'PortInUse',
      `port ${port} is already in use by another process`,
      `stop the other process (see: ss -ltnp 'sport = :${port}') or start pagefeed on another port, e.g. PORT=${port + 1} pnpm start`,
      { cause: error },
    );
  }
  if (error.code === 'EACCES') {
    return new StartError('PortNotAllowed', `port ${port} needs privileges this process does not have`, 'use a port above 1023 (PORT=4000) and put a reverse proxy in front for port 80 or 443', {
      cause: error,
    });
  }
  return new StartError('ListenFailed', `cannot listen on port ${port} (${error.code ?? error.message})`, undefined, { cause: error });
}
