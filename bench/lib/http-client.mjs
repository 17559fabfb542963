import { Agent, request } from 'node:http';

/**
 * A cheap load generator's GET: node:http over a keep-alive agent, the body drained and counted but
 * neither decoded nor decompressed. Node's `fetch` (undici) costs about as much CPU per cold feed as
 * the server's main thread (2.0–2.3 ms, `tools/cold-cpu.mjs`), most of it gunzipping and decoding the
 * answer; on a 2-core machine that CPU is taken from the server under test. The request still says
 * `Accept-Encoding: gzip, deflate` (what `fetch` sends), so the server does what it does for readers.
 *
 * `createClient()` → `{ get(port, path, headers?) → Promise<{ status, headers, bytes }>, close() }`.
 */
export function createClient({ sockets = 64 } = {}) {
  // Idle sockets are dropped before the server's own keep-alive timeout (Node's default: 5 s) ends them.
  const agent = new Agent({ keepAlive: true, maxSockets: sockets, timeout: 4_000 });
  const get = (port, path, headers = { 'accept-encoding': 'gzip, deflate' }, retried = false) =>
    new Promise((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes }));
        response.on('error', reject);
      });
      // A kept-alive socket the server closed just as it was reused: once more on a new one (as browsers do).
      outgoing.on('error', (error) => (outgoing.reusedSocket && !retried && error.code === 'ECONNRESET' ? get(port, path, headers, true).then(resolve, reject) : reject(error)));
      outgoing.end();
    });
  return { get, close: () => agent.destroy() };
}
