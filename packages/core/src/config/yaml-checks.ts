import { isAlias, isMap, isPair, isScalar, isSeq, Lexer, type Document, type LineCounter, type Node } from 'yaml';
import { FeedError } from '../contracts/errors.js';
import { FORBIDDEN_KEYS, howToRaise, type ConfigLimits } from './yaml-limits.js';

/**
 * Checks on YAML text and on its parsed document that run before it becomes objects. Every walk is
 * iterative (a deep file cannot overflow the stack) and linear in the file (duplicate keys through
 * a Set per mapping, aliases resolved in one pass), so a 50,000-feed file is checked in seconds.
 */
export function checkText(text: string, source: string, limits: ConfigLimits): void {
  // Cheap bound first: a UTF-16 unit is at most 3 UTF-8 bytes.
  if (text.length * 3 > limits.maxBytes && Buffer.byteLength(text) > limits.maxBytes) {
    throw limitError(source, `the file is ${Buffer.byteLength(text).toLocaleString('en-US')} bytes`, 'maxBytes', limits.maxBytes);
  }
  // The YAML parser holds one frame per open flow collection; count them with the lexer first.
  // Each one opens at a '[' or '{', so with no more of those characters than the limit the lexer
  // cannot find too deep a nesting and is skipped (in a fresh process it cost about a third as
  // much as the parse itself; `pagefeed validate`, BENCHMARKS.md §7).
  if (!hasMoreFlowOpeners(text, limits.maxDepth)) return;
  let depth = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === '[' || token === '{') {
      depth += 1;
      if (depth > limits.maxDepth) throw limitError(source, `lists and mappings are nested more than ${limits.maxDepth} deep`, 'maxDepth', limits.maxDepth);
    } else if (token === ']' || token === '}') depth = Math.max(0, depth - 1);
  }
}

/** True when `text` has more than `limit` '[' and '{' characters (stops counting there). */
function hasMoreFlowOpeners(text: string, limit: number): boolean {
  // A regular expression finds them in native code; a loop over charCodeAt runs as cold bytecode in
  // a fresh CLI process (about 1 ms on a 5 KB file).
  const opener = /[[{]/g;
  let count = 0;
  while (opener.exec(text) !== null) if (++count > limit) return true;
  return false;
}

interface Frame {
  readonly node: unknown;
  readonly depth: number;
  readonly path: string;
  /** Set when every child is done: the node's expanded size is then known. */
  readonly exit?: true;
}

/** Depth, forbidden and duplicate keys, alias count, alias cycles and expanded size. */
export function checkDocument(document: Document, source: string, limits: ConfigLimits, lines: LineCounter): void {
  const anchors = new Map<string, Node>();
  const sizes = new Map<unknown, number>();
  const open = new Set<unknown>();
  let aliases = 0;
  const stack: Frame[] = [{ node: document.contents, depth: 0, path: '' }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { node, depth, path } = frame;
    if (frame.exit) {
      open.delete(node);
      let size = 1;
      for (const child of childrenOf(node)) size += sizes.get(child) ?? 0;
      sizes.set(node, size);
      continue;
    }
    if (isAlias(node)) {
      aliases += 1;
      if (aliases > limits.maxAliases) throw limitError(source, `the file uses more than ${limits.maxAliases} aliases (*name)`, 'maxAliases', limits.maxAliases);
      const target = anchors.get(node.source);
      if (target !== undefined && open.has(target)) {
        throw new FeedError('ConfigurationInvalid', `The alias *${node.source} at ${where(source, lines, node)} refers to a mapping or list that contains it, so it would never end.`, {
          ...(path === '' ? {} : { path }),
          hint: `copy the values instead of referring to &${node.source} from inside itself`,
        });
      }
      sizes.set(node, target === undefined ? 1 : (sizes.get(target) ?? 1));
      continue;
    }
    if (node !== null && typeof node === 'object' && 'anchor' in node && typeof node.anchor === 'string') anchors.set(node.anchor, node as Node);
    if (!isMap(node) && !isSeq(node)) {
      sizes.set(node, 1);
      continue;
    }
    if (depth >= limits.maxDepth) throw limitError(source, `lists and mappings are nested more than ${limits.maxDepth} deep (at ${path || 'the top'})`, 'maxDepth', limits.maxDepth);
    open.add(node);
    stack.push({ node, depth, path, exit: true });
    const children: Frame[] = [];
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (isScalar(pair.key) && typeof key === 'string' && FORBIDDEN_KEYS.has(key)) {
          throw new FeedError('ConfigurationInvalid', `The key '${key}' at ${where(source, lines, pair.key)} is not allowed: it names a JavaScript object internal.`, {
            path: joinKey(path, key),
            hint: `rename it; '__proto__', 'constructor' and 'prototype' cannot be used as names anywhere in a configuration`,
          });
        }
        if (isScalar(pair.key) && key !== '<<') {
          if (seen.has(key)) throw duplicateKey(source, lines, pair.key);
          seen.add(key);
        }
        const keyText = typeof key === 'string' || typeof key === 'number' ? String(key) : '?';
        if (pair.key !== null && !isScalar(pair.key)) children.push({ node: pair.key, depth: depth + 1, path });
        children.push({ node: pair.value, depth: depth + 1, path: joinKey(path, keyText) });
      }
    } else {
      node.items.forEach((item, index) => children.push({ node: item, depth: depth + 1, path: `${path}[${index}]` }));
    }
    // Reversed, so the document is visited in order (anchors are defined before their aliases).
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  const total = sizes.get(document.contents) ?? 0;
  if (total > limits.maxNodes) {
    throw limitError(source, `its aliases expand to ${total.toLocaleString('en-US')} values`, 'maxNodes', limits.maxNodes);
  }
}

function childrenOf(node: unknown): unknown[] {
  if (isMap(node)) return node.items.flatMap((pair) => (isPair(pair) ? [pair.key, pair.value] : []));
  if (isSeq(node)) return node.items;
  return [];
}

function joinKey(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function where(source: string, lines: LineCounter, node: { range?: readonly number[] | null | undefined }): string {
  const offset = node.range?.[0];
  if (offset === undefined) return source;
  const position = lines.linePos(offset);
  return `${source}:${position.line}:${position.col}`;
}

function duplicateKey(source: string, lines: LineCounter, key: Node): FeedError {
  return new FeedError('ConfigurationInvalid', `Malformed YAML in ${where(source, lines, key)}: Map keys must be unique. Check the indentation and quoting around that line.`, {
    hint: 'remove or rename the second key with that name',
    details: { source, yamlCode: 'DUPLICATE_KEY' },
  });
}

export function limitError(source: string, what: string, key: keyof ConfigLimits, value: number): FeedError {
  return new FeedError('ConfigurationInvalid', `${source} is over a configuration limit: ${what}; ${howToRaise(key, value)}.`, {
    hint: howToRaise(key, value),
    details: { source, limit: key, value },
  });
}
