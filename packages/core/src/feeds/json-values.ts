import { nonBlank } from './xml.js';

/** A JSON object (not an array, not null). */
export type JsonObject = Readonly<Record<string, unknown>>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own member of `object` (never one inherited from Object.prototype, such as `toString`). */
export function member(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** A non-blank string member, trimmed; any other type (a number, an object) counts as missing. */
export function stringMember(object: JsonObject, key: string): string | undefined {
  const value = member(object, key);
  return typeof value === 'string' ? nonBlank(value) : undefined;
}

/** The members of an array member that are objects; nothing when it is not an array. */
export function objectsIn(object: JsonObject, key: string): JsonObject[] {
  const value = member(object, key);
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

/** The names of JSON Feed authors (1.1 `authors`, preferred, else 1.0 `author`), joined. */
export function authorNames(object: JsonObject): string | undefined {
  const authors = objectsIn(object, 'authors');
  const single = member(object, 'author');
  const candidates = authors.length > 0 ? authors : isJsonObject(single) ? [single] : [];
  const names = candidates.map((author) => stringMember(author, 'name')).filter((name): name is string => name !== undefined);
  return names.length > 0 ? names.join(', ') : undefined;
}
