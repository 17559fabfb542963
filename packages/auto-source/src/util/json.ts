/** JSON helpers that never throw: structured data on real pages is often slightly broken. */

/** Parses JSON, retrying once after removing the usual breakage (comments, CDATA, trailing commas). */
export function parseLenient(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    const cleaned = trimmed
      .replace(/^\s*(<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
      .replace(/(-->|\/\/\s*\]\]>|\]\]>)\s*$/, '')
      .replace(/,\s*([}\]])/g, '$1')
      // Raw control characters inside strings are invalid JSON but common in hand-written blobs.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ' ')
      .replace(/\r?\n/g, ' ');
    try {
      return JSON.parse(cleaned) as unknown;
    } catch {
      return undefined;
    }
  }
}

/**
 * The JSON literal starting at the first `{` or `[` at or after `start`, found by bracket matching
 * that respects strings. Returns undefined when the literal does not close.
 */
export function sliceJsonLiteral(text: string, start: number): string | undefined {
  let index = start;
  while (index < text.length && text[index] !== '{' && text[index] !== '[') {
    if (!/\s/.test(text[index] ?? '')) return undefined;
    index += 1;
  }
  const open = index;
  let depth = 0;
  let quote: string | undefined;
  for (; index < text.length; index += 1) {
    const character = text[index];
    if (quote) {
      if (character === '\\') index += 1;
      else if (character === quote) quote = undefined;
      continue;
    }
    if (character === '"' || character === "'") quote = character;
    else if (character === '{' || character === '[') depth += 1;
    else if (character === '}' || character === ']') {
      depth -= 1;
      if (depth === 0) return text.slice(open, index + 1);
    }
  }
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** First string among `keys` of `record` (case-insensitive keys). */
export function stringField(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key] ?? record[key.toUpperCase()];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}
