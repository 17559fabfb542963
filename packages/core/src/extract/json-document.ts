import { Document, Element, Text, type ChildNode } from 'domhandler';

/**
 * A JSON response as a DOM tree, so the same CSS selectors query HTML and JSON. The mapping is
 * html2rss's, so its JSON configs work unchanged:
 *
 * - an object becomes `<object>`, each of its keys a child element named by the key;
 * - an array becomes `<array>`, each entry a child (objects as `<object>`, arrays as `<array>`,
 *   scalars as `<value>`);
 * - a string, number or boolean becomes the element's text; `null` an empty element.
 *
 * `{"new": [{"TITLE": "Land"}]}` becomes
 * `<object><new><array><object><title>Land</title></object></array></new></object>`, so
 * `items.selector: "new > array > object"` selects the movies and `title` their titles.
 *
 * Element names are the keys in lower case (HTML selectors are case-insensitive for tag names),
 * with characters other than letters, digits, `_` and `-` replaced by `_` and a leading digit
 * prefixed with `_` (`"2nd place"` → `_2nd_place`). The original key is kept in the `key`
 * attribute for keys that do not survive that: `[key="2nd place"]`.
 */
export function jsonToDocument(data: unknown): Document {
  const document = new Document([]);
  const root = toElement(data, containerName(data));
  append(document, root);
  return document;
}

function containerName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value !== null && typeof value === 'object') return 'object';
  return 'value';
}

export function elementNameForKey(key: string): string {
  const name = key.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
  return /^[a-z_]/.test(name) ? name : `_${name}`;
}

function toElement(value: unknown, name: string): Element {
  const element = new Element(name, {});
  for (const child of childrenOf(value)) append(element, child);
  return element;
}

function childrenOf(value: unknown): ChildNode[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((entry) => toElement(entry, containerName(entry)));
  if (typeof value === 'object') {
    // An object's children are its keys; the key element wraps the value's own container.
    return Object.entries(value as Record<string, unknown>).map(([key, entry]) => {
      const keyElement = new Element(elementNameForKey(key), { key });
      const inner = entry !== null && typeof entry === 'object' ? [toElement(entry, containerName(entry))] : childrenOf(entry);
      for (const child of inner) append(keyElement, child);
      return keyElement;
    });
  }
  return [new Text(String(value))];
}

function append(parent: Document | Element, child: ChildNode): void {
  const previous = parent.children[parent.children.length - 1] ?? null;
  child.parent = parent;
  child.prev = previous;
  child.next = null;
  if (previous) previous.next = child;
  parent.children.push(child);
}
