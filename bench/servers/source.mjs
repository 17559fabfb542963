/**
 * The loopback page source in a process of its own (see `lib/source-server.mjs`,
 * `ownProcess: true`). IPC: `{ type: 'start', body, contentType, delayMs }` → `{ port }`;
 * `{ type: 'counts' }` → `{ hits, connections }`. Exits on SIGTERM or when the parent goes.
 */
import { listenSource } from '../lib/source-server.mjs';

let source;
process.on('message', async (message) => {
  if (message.type === 'start') {
    source = await listenSource(message);
    process.send({ port: source.port });
  } else if (message.type === 'counts') {
    process.send(await source.counts());
  }
});
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
