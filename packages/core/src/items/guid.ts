import { createHash } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The fallback GUID of an item without URL: depends only on what the page says, so runs agree. */
export function contentGuid(title: string | undefined, date: Date | undefined): string {
  return sha256Hex(`${title ?? ''}\n${date ? date.toISOString() : ''}`);
}

/**
 * Makes `guid` unique among `seen` by hashing it with an occurrence number. Items keep the order of
 * the page, so the n-th copy gets the same GUID on every run.
 */
export function uniqueGuid(guid: string, seen: Set<string>): { guid: string; changed: boolean } {
  if (!seen.has(guid)) {
    seen.add(guid);
    return { guid, changed: false };
  }
  for (let occurrence = 2; ; occurrence += 1) {
    const candidate = sha256Hex(`${guid}\n${occurrence}`);
    if (!seen.has(candidate)) {
      seen.add(candidate);
      return { guid: candidate, changed: true };
    }
  }
}
