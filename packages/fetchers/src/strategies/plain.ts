import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { FeedError, type FetchStrategy } from '@pagefeed/core';
import type { ResolvedAddress } from '../guard/network-guard.js';
import type { GuardedRequest, RawResponse, StrategyCore } from '../guard/types.js';
import { withGuard, type GuardOptions } from '../guard/with-guard.js';
import { readBody, tooLarge } from './plain-body.js';

export interface PlainStrategyOptions extends GuardOptions {
  /** Time to open the TCP (and TLS) connection. Default 10 s, never beyond the total budget. */
  readonly connectTimeoutMs?: number;
  /** Longest silence while waiting for headers or the next body chunk. Default 15 s. */
  readonly readTimeoutMs?: number;
}

/**
 * `plain`: one HTTP GET with Node's http/https. Not ofetch: ofetch runs on fetch (undici), which
 * resolves the host name itself, so the address the guard checked could differ from the one it
 * connects to (DNS rebinding) unless a custom undici dispatcher is installed; with http/https the
 * checked address is pinned through `lookup`, and the decompressed body is counted chunk by chunk.
 */
export function createPlainStrategy(options: PlainStrategyOptions = {}): FetchStrategy {
  return withGuard(createPlainCore(options), options);
}

export function createPlainCore(options: PlainStrategyOptions = {}): StrategyCore {
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const readTimeoutMs = options.readTimeoutMs ?? 15_000;

  function load(guarded: GuardedRequest): Promise<RawResponse> {
    const { url, address } = guarded.target;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let timedOut: FeedError | undefined;
    const mapError = (error: unknown): FeedError => timedOut ?? connectionFailed(url, error);

    return new Promise<RawResponse>((resolve, reject) => {
      const outgoing = send(url, {
        method: 'GET',
        headers: guarded.headers,
        signal: guarded.signal,
        lookup: pinnedLookup(address),
        agent: false,
      });
      const connectTimer = setTimeout(() => {
        timedOut = timeout(url, `could not connect within ${connectTimeoutMs / 1000} s`);
        outgoing.destroy(timedOut);
      }, Math.min(connectTimeoutMs, Math.max(0, guarded.deadline - Date.now())));
      outgoing.on('socket', (socket) => {
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });
      outgoing.setTimeout(readTimeoutMs, () => {
        timedOut = timeout(url, `no data for ${readTimeoutMs / 1000} s`);
        outgoing.destroy(timedOut);
      });
      outgoing.on('error', (error) => {
        clearTimeout(connectTimer);
        reject(mapError(error));
      });
      outgoing.on('response', (response) => {
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
