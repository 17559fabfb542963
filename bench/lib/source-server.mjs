import { createServer } from 'node:http';

/**
 * A local page source on loopback: every GET answers `body` as `contentType`, after `delayMs`
 * when given. Counts hits and TCP connections, so a benchmark can check the server really fetched
 * and whether it reused connections.
 */
export function startSourceServer({ body, contentType = 'text/html; charset=utf-8', delayMs = 0 }) {
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
        get hits() {
          return hits;
        },
        get connections() {
          return connections;
        },
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
