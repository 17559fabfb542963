import type { Browser } from 'puppeteer-core';
import { FeedError } from '@pagefeed/core';

export const DEFAULT_RENDERER_WEBSOCKET_URL = 'ws://127.0.0.1:3000';

export interface RendererConnectionOptions {
  readonly websocketUrl: string;
  readonly token?: string | undefined;
  /** How long the websocket handshake may take. Default 10 s, never beyond the budget. */
  readonly connectTimeoutMs?: number;
}

/** The endpoint with `token` as a query parameter, the way browserless expects it. */
export function rendererEndpoint(websocketUrl: string, token: string | undefined): string {
  const url = new URL(websocketUrl);
  if (token) url.searchParams.set('token', token);
  return url.href;
}

/**
 * Connects to the rendering service; every way this can fail (unreachable, token refused, socket
 * closed, no answer) reads "Renderer connection failed (<reason>)". puppeteer-core is loaded here,
 * lazily, so importing @pagefeed/fetchers does not load it.
 */
export async function connectRenderer(options: RendererConnectionOptions, budgetMs: number, signal: AbortSignal): Promise<Browser> {
  const timeoutMs = Math.max(1, Math.min(options.connectTimeoutMs ?? 10_000, budgetMs));
  const { connect } = await import('puppeteer-core');
  const attempt = connect({
    browserWSEndpoint: rendererEndpoint(options.websocketUrl, options.token),
    defaultViewport: { width: 1280, height: 900 },
    protocolTimeout: Math.max(5_000, budgetMs),
  });
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    signal.addEventListener('abort', () => reject(new Error('time budget spent')), { once: true });
  });
  try {
    return await Promise.race([attempt, limit]);
  } catch (error) {
    // A connection that completes after we gave up must not stay open.
    attempt.then((browser) => browser.disconnect()).catch(() => undefined);
    throw rendererConnectionFailed(connectionReason(error), options.websocketUrl, error);
  } finally {
    clearTimeout(timer);
  }
}

export function rendererConnectionFailed(reason: string, websocketUrl: string, cause?: unknown): FeedError {
  return new FeedError('RendererConnectionFailed', `Renderer connection failed (${reason})`, {
    hint: `check that the rendering service runs at ${redact(websocketUrl)} (RENDERER_WEBSOCKET_URL) and that RENDERER_API_TOKEN equals its token`,
    details: { websocketUrl: redact(websocketUrl) },
    ...(cause === undefined ? {} : { cause }),
  });
}

function connectionReason(error: unknown): string {
  const message = errorText(error);
  const status = /Unexpected server response: (\d+)/.exec(message)?.[1];
  if (status === '401' || status === '403') return `token refused, HTTP ${status}`;
  if (status) return `unexpected HTTP ${status} from the rendering service`;
  const code = /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ETIMEDOUT)\b/.exec(message)?.[1];
  if (code === 'ECONNREFUSED') return 'unreachable: connection refused';
  if (code) return `unreachable: ${code}`;
  if (/closed|hang up/i.test(message)) return 'socket closed';
  return redact(message);
}

/** puppeteer rejects a failed handshake with the websocket's ErrorEvent, not an Error. */
function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.message} ${(error as { code?: string }).code ?? ''}`.trim();
  if (typeof error === 'object' && error !== null) {
    const event = error as { error?: unknown; message?: unknown };
    if (event.error !== undefined) return errorText(event.error);
    if (typeof event.message === 'string') return event.message;
  }
  return String(error);
}

/** Never let the token reach a message or a log. */
function redact(text: string): string {
  return text.replace(/token=[^&\s]+/g, 'token=***');
}
