import { connect } from 'node:net';
import { percentile } from './stats.mjs';

/**
 * A small closed-loop HTTP/1.1 load generator on raw keep-alive sockets (loopback only): each of
 * `connections` sockets sends one GET, waits for the whole response (Content-Length or chunked),
 * records the latency and sends the next, until `durationMs` has passed. Raw sockets keep the
 * client's own cost low, so on a 2-core machine the server, not the client, is the bottleneck.
 */
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** Length of the complete response at the start of `buffer`, or -1 while it is incomplete. */
function responseLength(buffer) {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return { length: -1 };
  const head = buffer.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + 4;
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    return { length: buffer.length >= end ? end : -1, status };
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return { length: bodyStart, status };
  let position = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, position);
    if (lineEnd < 0) return { length: -1 };
    const size = Number.parseInt(buffer.toString('latin1', position, lineEnd), 16);
    const next = lineEnd + 2 + size + 2;
    if (buffer.length < next) return { length: -1 };
    if (size === 0) return { length: next, status };
    position = next;
  }
}

function runConnection({ port, request, deadline, latencies, statuses }) {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', noDelay: true });
    let pending = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(request);
    };
    socket.once('connect', send);
    socket.on('data', (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        const { length, status } = responseLength(pending);
        if (length < 0) return;
        const now = performance.now();
        latencies.push(now - sentAt);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        pending = pending.subarray(length);
        if (now >= deadline) {
          socket.end();
          return;
        }
        send();
      }
    });
    socket.once('error', reject);
    socket.once('close', () => resolve());
  });
}

/**
 * `{ requests, perSecond, p50, p99, statuses }` for `durationMs` of closed-loop load on
 * `http://127.0.0.1:<port><path>`.
 */
export async function runLoad({ port, path, host = `127.0.0.1:${port}`, connections = 16, durationMs = 2000 }) {
  const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: */*\r\nUser-Agent: pagefeed-bench\r\n\r\n`, 'latin1');
  const latencies = [];
  const statuses = new Map();
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(Array.from({ length: connections }, () => runConnection({ port, request, deadline, latencies, statuses })));
  const elapsed = performance.now() - started;
  latencies.sort((left, right) => left - right);
  return {
    requests: latencies.length,
    perSecond: (latencies.length / elapsed) * 1000,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    statuses: Object.fromEntries(statuses),
  };
}

/** One request, for priming caches and reading a body: `{ status, headers, body }`. */
export async function getOnce(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: response.status, headers: response.headers, body: await response.text() };
}
