import { isTag, isText, type AnyNode, type Element, type ParentNode } from 'domhandler';

/** Small tree helpers for the article extractor (it works on a page it parsed itself and may change). */

export function attr(element: Element, name: string): string {
  return element.attribs[name] ?? '';
}

/** The words of an element's class and id, for the furniture and weight patterns. */
export function classAndId(element: Element): string {
  const cls = element.attribs.class;
  const id = element.attribs.id;
  if (cls === undefined) return id ?? '';
  return id === undefined ? cls : `${cls} ${id}`;
}

export function childElements(node: ParentNode): Element[] {
  const out: Element[] = [];
  for (const child of node.children) if (isTag(child)) out.push(child);
  return out;
}

export function detach(node: AnyNode): void {
  const parent = node.parent;
  if (!parent) return;
  const siblings = parent.children;
  const index = siblings.indexOf(node);
  if (index >= 0) siblings.splice(index, 1);
  if (node.prev) node.prev.next = node.next;
  if (node.next) node.next.prev = node.prev;
  node.parent = node.prev = node.next = null;
}

/** Every element below `root`, in document order. */
export function descendants(root: ParentNode, out: Element[] = []): Element[] {
  for (const child of root.children) {
    if (!isTag(child)) continue;
    out.push(child);
    descendants(child, out);
  }
  return out;
}

export function countTags(root: ParentNode, tag: string): number {
  let count = 0;
  for (const child of root.children) {
    if (!isTag(child)) continue;
    if (child.name === tag) count += 1;
    count += countTags(child, tag);
  }
  return count;
}

/** Text and the part of it inside links, measured once per element and remembered until reset. */
export class TextMeasure {
  private readonly lengths = new Map<Element, number>();
  private readonly linkLengths = new Map<Element, number>();
  private readonly commas = new Map<Element, number>();

  reset(): void {
    this.lengths.clear();
    this.linkLengths.clear();
    this.commas.clear();
  }

  /** Length of the element's text with runs of white space counted as one character. */
  length(element: Element): number {
    const known = this.lengths.get(element);
    if (known !== undefined) return known;
    this.measure(element);
    return this.lengths.get(element) ?? 0;
  }

  linkLength(element: Element): number {
    if (!this.linkLengths.has(element)) this.measure(element);
    return this.linkLengths.get(element) ?? 0;
  }

  commaCount(element: Element): number {
    if (!this.commas.has(element)) this.measure(element);
    return this.commas.get(element) ?? 0;
  }

  linkDensity(element: Element): number {
    const length = this.length(element);
    return length === 0 ? 0 : this.linkLength(element) / length;
  }

  private measure(element: Element): void {
    let length = 0;
    let links = 0;
    let commas = 0;
    for (const child of element.children) {
      if (isText(child)) {
        length += squeezedLength(child.data);
        commas += countCommas(child.data);
      } else if (isTag(child)) {
        length += this.length(child);
        commas += this.commaCount(child);
        links += child.name === 'a' ? this.length(child) : this.linkLength(child);
      }
    }
    this.lengths.set(element, length);
    this.linkLengths.set(element, links);
    this.commas.set(element, commas);
  }
}

function squeezedLength(text: string): number {
  let length = 0;
  let space = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const isSpace = code === 32 || code === 10 || code === 9 || code === 13 || code === 12 || code === 160;
    if (isSpace) {
      if (!space) length += 1;
      space = true;
    } else {
      length += 1;
      space = false;
    }
  }
  return length;
}

function countCommas(text: string): number {
  let count = 0;
  for (let i = text.indexOf(','); i >= 0; i = text.indexOf(',', i + 1)) count += 1;
  for (let i = text.indexOf('，'); i >= 0; i = text.indexOf('，', i + 1)) count += 1;
  return count;
}
