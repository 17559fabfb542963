import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { FeedError } from '@pagefeed/core';
import type { ResolvedAddress } from '../guard/network-guard.js';
import type { GuardedRequest, RawResponse, StrategyCore } from '../guard/types.js';
import { withGuard, type GuardOptions } from '../guard/with-guard.js';
import type { UnfinishedFetchStrategy } from '../guard/unfinished.js';
import { readBody, tooLarge } from './plain-body.js';

export interface PlainStrategyOptions extends GuardOptions {
  /** Time to open the TCP (and TLS) connection. Default 10 s, never beyond the total budget. */
  readonly connectTimeoutMs?: number;
  /** Longest silence while waiting for headers or the next body chunk. Default 15 s. */
  readonly readTimeoutMs?: number;
}

/**
 * Idle connections are kept this long (or one second less than the source's own `Keep-Alive:
 * timeout=`), so the next fetch from the same site skips the TCP (and TLS) handshake.
 */
const IDLE_SOCKET_MS = 4_000;
const IDLE_SOCKETS_PER_HOST = 4;
/** Codes of a kept-alive connection the source closed just as it was reused. */
const STALE_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * `plain`: one HTTP GET with Node's http/https. Not ofetch: ofetch runs on fetch (undici), which
 * resolves the host name itself, so the address the guard checked could differ from the one it
 * connects to (DNS rebinding) unless a custom undici dispatcher is installed; with http/https the
 * checked address is pinned through `lookup`, and the decompressed body is counted chunk by chunk.
 */
export function createPlainStrategy(options: PlainStrategyOptions = {}): UnfinishedFetchStrategy {
  return withGuard(createPlainCore(options), options);
}

export function createPlainCore(options: PlainStrategyOptions = {}): StrategyCore {
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const readTimeoutMs = options.readTimeoutMs ?? 15_000;
  // Keep-alive, one pool per strategy instance. Every pooled connection was opened to an address
  // the guard checked (pinned `lookup`), and the guard still checks each URL before a request, so
  // reuse never reaches an address the guard would refuse. Idle sockets are unref'd by the agent.
  const agentOptions = { keepAlive: true, timeout: IDLE_SOCKET_MS, maxFreeSockets: IDLE_SOCKETS_PER_HOST, scheduling: 'lifo' as const };
  const agents = { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) };

  async function load(guarded: GuardedRequest): Promise<RawResponse> {
    // A GET is safe to repeat: a reused connection that the source had just closed is retried on a
    // fresh one, as browsers do, instead of failing the feed.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await loadOnce(guarded);
      } catch (error) {
        if (attempt >= IDLE_SOCKETS_PER_HOST || !(error instanceof StaleSocketError)) throw error instanceof StaleSocketError ? error.feedError : error;
      }
    }
  }

  function loadOnce(guarded: GuardedRequest): Promise<RawResponse> {
    const { url, address } = guarded.target;
    const https = url.protocol === 'https:';
    const send = https ? httpsRequest : httpRequest;
    let timedOut: FeedError | undefined;
    let answered = false;
    const mapError = (error: unknown): FeedError => timedOut ?? connectionFailed(url, error);

    return new Promise<RawResponse>((resolve, reject) => {
      const outgoing: ClientRequest = send(url, {
        method: 'GET',
        headers: guarded.headers,
        signal: guarded.signal,
        lookup: pinnedLookup(address),
        agent: https ? agents.https : agents.http,
      });
      const connectTimer = setTimeout(() => {
        timedOut = timeout(url, `could not connect within ${connectTimeoutMs / 1000} s`);
        outgoing.destroy(timedOut);
      }, Math.min(connectTimeoutMs, Math.max(0, guarded.deadline - Date.now())));
      outgoing.on('socket', (socket) => {
        // A kept-alive connection is already open (and would never emit connect again).
        if (outgoing.reusedSocket) clearTimeout(connectTimer);
        else socket.once(https ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });
      outgoing.setTimeout(readTimeoutMs, () => {
        timedOut = timeout(url, `no data for ${readTimeoutMs / 1000} s`);
        outgoing.destroy(timedOut);
      });
      outgoing.on('error', (error) => {
        clearTimeout(connectTimer);
        const code = (error as { code?: unknown }).code;
        const stale = outgoing.reusedSocket && !answered && timedOut === undefined && typeof code === 'string' && STALE_SOCKET_ERRORS.has(code);
        reject(stale ? new StaleSocketError(mapError(error)) : mapError(error));
      });
      outgoing.on('response', (response) => {
        answered = true;
        clearTimeout(connectTimer);
        const headers = flattenHeaders(response);
        const base = { url: url.href, status: response.statusCode ?? 0, headers };
        // Redirects and 304s carry no body we need; the guard decides what happens next.
        if ((base.status >= 300 && base.status < 400) || base.status === 204) {
          response.resume();
          resolve({ ...base, body: new Uint8Array() });
          return;
        }
        const declaredLength = Number(headers['content-length']);
        if (!headers['content-encoding'] && declaredLength > guarded.maxBytes) {
          response.destroy();
          reject(tooLarge(url.href, guarded.maxBytes));
          return;
        }
        readBody(response, url.href, guarded.maxBytes, mapError).then((body) => resolve({ ...base, body }), reject);
      });
      outgoing.end();
    });
  }

  return { name: 'plain', followsRedirects: false, conditionalRequests: true, load };
}

/** A reused keep-alive connection failed before any answer: worth one more try. */
class StaleSocketError extends Error {
  constructor(readonly feedError: FeedError) {
    super(feedError.message);
  }
}

/** Connect to the address the guard checked, never to a second (possibly rebound) DNS answer. */
function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [address]);
      return;
    }
    callback(null, address.address, address.family);
  };
}

function flattenHeaders(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function timeout(url: URL, what: string): FeedError {
  return new FeedError('FetchTimeout', `Fetching ${url.href} timed out: ${what}; the source is slow or unreachable, try later`, {
    path: 'url',
  });
}

function connectionFailed(url: URL, error: unknown): FeedError {
  if (error instanceof FeedError) return error;
  const code = (error as { code?: unknown }).code;
  const reason = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  return new FeedError('FetchFailed', `Connection to ${url.host} failed (${reason}) while fetching ${url.href}: check that the source is reachable`, {
    path: 'url',
    cause: error,
  });
}
