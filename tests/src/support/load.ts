import { connect } from 'node:net';

/**
 * A closed-loop HTTP/1.1 load generator on raw keep-alive sockets (loopback only, bounded by
 * `durationMs`): each connection sends one request, reads the whole response, records status and
 * latency, and sends the next. `nextRequest` picks every request, so a run can mix cache hits,
 * misses and conditional requests. Errors (a socket error, a close mid-response, an unexpected
 * status) are counted, never retried.
 */
export interface LoadRequest {
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly kind: string;
}

export interface LoadResult {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** `kind status` → count, e.g. `hit 200`, `conditional 304`. */
  readonly outcomes: Record<string, number>;
  readonly errors: number;
  readonly errorSamples: string[];
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

function responseLength(buffer: Buffer): { length: number; status: number } {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return { length: -1, status: 0 };
  const head = buffer.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + 4;
  const declared = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (declared) {
    const end = bodyStart + Number(declared[1]);
    return { length: buffer.length >= end ? end : -1, status };
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return { length: bodyStart, status };
  let position = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, position);
    if (lineEnd < 0) return { length: -1, status };
    const size = Number.parseInt(buffer.toString('latin1', position, lineEnd), 16);
    const next = lineEnd + 2 + size + 2;
    if (buffer.length < next) return { length: -1, status };
    if (size === 0) return { length: next, status };
    position = next;
  }
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

export interface LoadOptions {
  readonly port: number;
  readonly connections: number;
  readonly durationMs: number;
  readonly nextRequest: () => LoadRequest;
  /** Statuses that are not errors for a kind, e.g. `{ hit: [200], conditional: [304] }`. */
  readonly expected: Readonly<Record<string, readonly number[]>>;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  const fail = (what: string) => {
    errors += 1;
    if (errorSamples.length < 10) errorSamples.push(what);
  };
  const started = performance.now();
  const deadline = started + options.durationMs;

  const runConnection = () =>
    new Promise<void>((resolve) => {
      const socket = connect({ port: options.port, host: '127.0.0.1', noDelay: true });
      let pending: Buffer = Buffer.alloc(0);
      let current: LoadRequest | undefined;
      let sentAt = 0;
      let finished = false;
      const send = () => {
        current = options.nextRequest();
        const headers = Object.entries(current.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`).join('');
        sentAt = performance.now();
        socket.write(`GET ${current.path} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\nUser-Agent: pagefeed-stress\r\n${headers}\r\n`);
      };
      socket.once('connect', send);
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        for (;;) {
          const { length, status } = responseLength(pending);
          if (length < 0) return;
          const now = performance.now();
          latencies.push(now - sentAt);
          const kind = current?.kind ?? '?';
          outcomes[`${kind} ${status}`] = (outcomes[`${kind} ${status}`] ?? 0) + 1;
          if (!(options.expected[kind] ?? [200]).includes(status)) fail(`${kind} ${status} ${current?.path}`);
          pending = pending.subarray(length);
          if (now >= deadline) {
            finished = true;
            socket.end();
            return;
          }
          send();
        }
      });
      socket.once('error', (error) => fail(`socket error ${String(error)}`));
      socket.once('close', () => {
        if (!finished) fail(`connection closed mid-run (${current?.path})`);
        resolve();
      });
    });

  await Promise.all(Array.from({ length: options.connections }, runConnection));
  const elapsed = performance.now() - started;
  latencies.sort((left, right) => left - right);
  return {
    requests: latencies.length,
    perSecond: Math.round((latencies.length / elapsed) * 1000),
    p50Ms: Math.round(percentile(latencies, 0.5) * 100) / 100,
    p99Ms: Math.round(percentile(latencies, 0.99) * 100) / 100,
    maxMs: Math.round((latencies[latencies.length - 1] ?? 0) * 100) / 100,
    outcomes,
    errors,
    errorSamples,
  };
}
