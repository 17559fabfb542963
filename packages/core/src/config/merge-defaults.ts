/**
 * feeds.yml defaults: maps are merged key by key, lists are concatenated (defaults first), and any
 * other value of the feed itself wins over the default.
 */
export function mergeDefaults(defaults: unknown, own: unknown): unknown {
  if (own === undefined) return defaults;
  if (Array.isArray(defaults) && Array.isArray(own)) return [...defaults, ...own];
  if (isPlainMapping(defaults) && isPlainMapping(own)) {
    const merged: Record<string, unknown> = { ...defaults };
    for (const [key, value] of Object.entries(own)) merged[key] = mergeDefaults(defaults[key], value);
    return merged;
  }
  return own;
}

function isPlainMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
