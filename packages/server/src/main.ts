import { isFeedError } from '@pagefeed/core';
import { StartError } from './node/listen.js';
import { startServer, type RunningServer } from './node/start.js';

/** `node packages/server/dist/main.js`: the server from the environment (PORT default 4000). */
let server: RunningServer;
try {
  server = await startServer(process.env);
} catch (error) {
  // A configuration problem is the operator's to fix: the code, the reason and the fix, no stack trace.
  const message =
    isFeedError(error) || error instanceof StartError ? `${error.code}: ${error.message}${error.hint ? ` Fix: ${error.hint}.` : ''}` : String(error);
  process.stderr.write(`pagefeed: cannot start: ${message}\n`);
  process.exit(1);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`pagefeed: shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
