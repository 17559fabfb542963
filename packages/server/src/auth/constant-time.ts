import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets in time that depends on neither their content nor their length:
 * both sides are first reduced to HMACs of equal length under a per-process key.
 */
const COMPARISON_KEY = randomBytes(32);

function digest(value: string): Buffer {
  return createHmac('sha256', COMPARISON_KEY).update(value, 'utf8').digest();
}

export function constantTimeEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** `Authorization: Bearer <token>` → token, or undefined. */
export function bearerToken(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
