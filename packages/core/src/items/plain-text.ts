/**
 * Which draft fields hold text read as text (the `text` extractor, an auto-source excerpt): their
 * characters are content, never markup. Text read from a page has its entities decoded, so
 * `&lt;img src=x&gt;` arrives as `<img src=x>`; without this mark the normaliser's "already holds
 * markup" shortcut would hand it to the sanitiser as HTML and a reader would show a real element.
 * A marked field is escaped in every output format instead (paragraphs and line breaks kept).
 */
export type TextField = 'description' | 'content';

const plainTextFields = new WeakMap<object, Set<TextField>>();

/** Marks `draft[field]` as plain text: the normaliser escapes it rather than reading it as HTML. */
export function markPlainText(draft: object, field: TextField): void {
  const fields = plainTextFields.get(draft);
  if (fields) fields.add(field);
  else plainTextFields.set(draft, new Set([field]));
}

export function isPlainText(draft: object, field: TextField): boolean {
  return plainTextFields.get(draft)?.has(field) === true;
}
