import { createHash, createHmac } from 'node:crypto';
import type { StrategyName } from '@pagefeed/core';
import { constantTimeEqual } from './constant-time.js';

/**
 * A created feed is stateless: its token is the definition itself,
 * `base64url(JSON payload).base64url(HMAC-SHA256(SERVICE_SECRET_KEY, payload part))`.
 * Any instance with the same key can verify it; nothing is stored.
 */
export interface FeedTokenPayload {
  readonly url: string;
  readonly strategy: StrategyName;
  /** Account that created it: reads re-check that it still exists and still allows the URL. */
  readonly account: string;
  /** ISO 8601. */
  readonly created_at: string;
  /** A selectors feed's checked `selectors` mapping (feeds.yml shape); absent: auto-source. */
  readonly selectors?: Readonly<Record<string, unknown>> | undefined;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

function sign(encodedPayload: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(encodedPayload, 'utf8').digest('base64url');
}

export function createFeedToken(payload: FeedTokenPayload, secretKey: string): string {
  const ordered = {
    url: payload.url,
    strategy: payload.strategy,
    account: payload.account,
    created_at: payload.created_at,
    ...(payload.selectors === undefined ? {} : { selectors: payload.selectors }),
  };
  const encoded = Buffer.from(JSON.stringify(ordered), 'utf8').toString('base64url');
  return `${encoded}.${sign(encoded, secretKey)}`;
}

export function looksLikeFeedToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** The payload of a token signed with `secretKey`, or undefined for anything else. */
export function verifyFeedToken(token: string, secretKey: string): FeedTokenPayload | undefined {
  if (!looksLikeFeedToken(token)) return undefined;
  const [encoded = '', signature = ''] = token.split('.');
  if (!constantTimeEqual(signature, sign(encoded, secretKey))) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (!value || typeof value !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    const { url, strategy, account, created_at: createdAt, selectors } = record;
    if (typeof url !== 'string' || typeof account !== 'string' || typeof createdAt !== 'string') return undefined;
    if (strategy !== 'plain' && strategy !== 'renderer') return undefined;
    if (selectors !== undefined && (typeof selectors !== 'object' || selectors === null || Array.isArray(selectors))) return undefined;
    return { url, strategy, account, created_at: createdAt, ...(selectors === undefined ? {} : { selectors: selectors as Record<string, unknown> }) };
  } catch {
    return undefined;
  }
}

/** A short public id for a created feed (the token stays the credential). */
export function feedIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}
