import { Agent, request as httpRequest } from 'node:http';

/**
 * A small HTTP client for tests and the benchmark: keep-alive sockets, bounded per instance, so
 * hundreds of requests reuse a few dozen connections on loopback.
 */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface RequestOptions {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly agent?: Agent;
}

export function createAgent(maxSockets = 32): Agent {
  return new Agent({ keepAlive: true, maxSockets });
}

export function request(url: string, options: RequestOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(options.agent ? { agent: options.agent } : {}),
        timeout: 60_000,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`request to ${url} timed out`)));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Runs `tasks` with at most `limit` in flight, keeping results in order. */
export async function runBounded<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
