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
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return {
    get(port, path, headers = { 'accept-encoding': 'gzip, deflate' }) {
      return new Promise((resolve, reject) => {
        const outgoing = request({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
          let bytes = 0;
          response.on('data', (chunk) => {
            bytes += chunk.length;
          });
          response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes }));
          response.on('error', reject);
        });
        outgoing.on('error', reject);
        outgoing.end();
      });
    },
    close: () => agent.destroy(),
  };
}
