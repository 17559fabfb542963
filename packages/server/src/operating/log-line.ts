/**
 * The text of one log line: exactly `JSON.stringify({ level, time, message, ...redacted fields })`,
 * written field by field instead of through an intermediate object. The access log writes one line
 * per request, and building, redacting and serialising that object cost a tenth of a cached feed's
 * time. Lines the field-by-field form could order differently (a field named like one of the first
 * three, or an integer-like name, which objects list first) take the object path.
 */
export type Redactor = (fields: Record<string, unknown>) => Record<string, unknown>;

const FIRST = new Set(['level', 'time', 'message', '__proto__']);
const keyTexts = new Map<string, string>();

function keyText(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = `,${JSON.stringify(key)}:`;
    // Field names are the app's own and few; bounded all the same.
    if (keyTexts.size >= 1024) keyTexts.clear();
    keyTexts.set(key, text);
  }
  return text;
}

/** Printable ASCII without `"` and `\`: JSON.stringify would only add the quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `JSON.stringify(value)` for a primitive, without calling it for the common plain cases. */
function primitiveText(value: unknown): string | undefined {
  if (typeof value === 'string') return PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);
  // JSON has no NaN or Infinity (null), and writes -0 as 0, as String does.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null) return 'null';
  return JSON.stringify(value);
}

/**
 * One field as `logLine` writes it (`,"name":value`), for a primitive value under a name that is
 * not named like a credential, not one of the first three and not integer-like: callers that write
 * the same fields on every line (the access log) make the constant ones once.
 */
export function fieldText(key: string, value: string | number | boolean | null): string {
  return keyText(key) + primitiveText(value)!;
}

/** The line `logLine` writes when the fields are already text made with `fieldText`. */
export function logLineOfText(level: string, time: string, message: string, fieldsText: string): string {
  return `{"level":${primitiveText(level)},"time":${primitiveText(time)},"message":${primitiveText(message)}${fieldsText}}`;
}

export function logLine(level: string, time: string, message: string, fields: Record<string, unknown>, redact: Redactor, isSecretName: (key: string) => boolean): string {
  let text = `{"level":${primitiveText(level)},"time":${primitiveText(time)},"message":${primitiveText(message)}`;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const first = key.charCodeAt(0);
    if (FIRST.has(key) || (first >= 48 && first <= 57)) return JSON.stringify({ level, time, message, ...redact(fields) });
    const value = fields[key];
    let valueText: string | undefined;
    if (isSecretName(key)) valueText = '"[redacted]"';
    else if (value instanceof Error) valueText = JSON.stringify({ name: value.name, message: value.message, stack: value.stack });
    else if (value && typeof value === 'object' && !Array.isArray(value)) valueText = JSON.stringify(redact(value as Record<string, unknown>));
    else valueText = primitiveText(value);
    // undefined, functions and symbols: JSON.stringify leaves such a property out.
    if (valueText === undefined) continue;
    text += keyText(key) + valueText;
  }
  return `${text}}`;
}
