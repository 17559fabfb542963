import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const SOURCE_PROCESS = fileURLToPath(new URL('../servers/source.mjs', import.meta.url));

/**
 * A local page source on loopback: every GET answers `body` as `contentType`, after `delayMs`
 * when given. Counts hits and TCP connections, so a benchmark can check the server really fetched
 * and whether it reused connections (`await source.counts()` → `{ hits, connections }`).
 *
 * With `ownProcess: true` the source runs in a child process (`servers/source.mjs`, counts over
 * IPC), so a fetch from the benchmark process crosses processes just as a server's fetch does;
 * in the benchmark's own process, the direct fetch of a floor would be cheaper than any server's.
 */
export function startSourceServer({ body, contentType = 'text/html; charset=utf-8', delayMs = 0, ownProcess = false }) {
  return ownProcess ? startSourceProcess({ body, contentType, delayMs }) : listenSource({ body, contentType, delayMs });
}

/** The source in this process: `{ port, counts(), stop() }`. */
export function listenSource({ body, contentType = 'text/html; charset=utf-8', delayMs = 0 }) {
  const bytes = Buffer.from(body, 'utf8');
  let hits = 0;
  let connections = 0;
  const server = createServer((request, response) => {
    hits += 1;
    const answer = () => {
      response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': bytes.length });
      response.end(bytes);
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
  server.on('connection', () => {
    connections += 1;
  });
  server.keepAliveTimeout = 5000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: server.address().port,
        counts: async () => ({ hits, connections }),
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function startSourceProcess(options, { timeoutMs = 30_000 } = {}) {
  const child = fork(SOURCE_PROCESS, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const replies = [];
  child.on('message', (message) => replies.shift()?.(message));
  const ask = (message) =>
    new Promise((resolve) => {
      replies.push(resolve);
      child.send(message);
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the source process did not listen within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the source process exited with code ${code} before listening`));
    });
    ask({ type: 'start', ...options }).then(({ port }) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        port,
        pid: child.pid,
        counts: () => ask({ type: 'counts' }),
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
