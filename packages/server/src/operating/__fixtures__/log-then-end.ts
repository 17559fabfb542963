import { createLogger } from '../logger.js';

/**
 * A process that writes log lines to standard output through the server's logger and then ends in
 * the way argv[2] names, before the logger's one-millisecond batch has been written:
 *   exit       process.exit(0) in the same turn (what the server's SIGTERM/SIGINT shutdown ends with)
 *   throw      an uncaught exception in the same turn
 *   rejection  an unhandled promise rejection
 *   end        nothing more to do: the event loop ends
 *   signal     waits for SIGTERM (says `ready` on stderr), then logs and exits as main.ts does
 * argv[3]: how many access-log lines (default 200), each with a warning after every 50th.
 */
const mode = process.argv[2] ?? 'exit';
const count = Number(process.argv[3] ?? 200);
const logger = createLogger({ level: 'info' });

function logLines(): void {
  const requestLine = logger.infoLines!('request', { method: 'GET', route: '/api/v1/feeds/:id', status: 200 });
  for (let index = 0; index < count; index += 1) {
    requestLine({ request_id: `r${index}`, duration_ms: 0, client: '192.0.2.1' });
    if (index % 50 === 49) logger.warn('slow', { index });
  }
  logger.info('last line', { mode });
}

switch (mode) {
  case 'exit':
    logLines();
    process.exit(0);
    break;
  case 'throw':
    logLines();
    throw new Error('crash after logging');
  case 'rejection':
    logLines();
    void Promise.reject(new Error('rejected after logging'));
    break;
  case 'end':
    logLines();
    break;
  case 'signal':
    process.once('SIGTERM', () => {
      logLines();
      process.exit(0);
    });
    // Keeps the process alive until the signal.
    setInterval(() => {}, 60_000);
    process.stderr.write('ready\n');
    break;
  default:
    throw new Error(`unknown mode ${mode}`);
}
