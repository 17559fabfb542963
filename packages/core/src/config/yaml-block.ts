import { FORBIDDEN_KEYS, type ConfigLimits } from './yaml-limits.js';

/**
 * A fast path for the YAML that configurations are usually written in: block mappings and block
 * lists, one-line plain, single- and double-quoted scalars, comments. It returns exactly what the
 * `yaml` library's `parseDocument(text, { merge: true }).toJS()` returns for such a file, or
 * `undefined` as soon as the text uses anything else (flow collections, block scalars, anchors,
 * aliases, tags, merge keys, multi-line scalars, documents markers, tabs, escapes other than
 * `\\ \" \/ \n \t`, numbers other than plain decimal integers, keys that are not plain strings) or
 * anything the library would report (bad indentation, duplicate or forbidden keys, limits), so
 * `parseYaml` then runs the library and every error keeps its message, line and column.
 *
 * Why our own code for the common case: in a fresh process (`pagefeed validate`, every CLI run
 * that reads a config) the library's lexer, parser and composer run as cold code and were the
 * largest part of the command's CPU (BENCHMARKS.md §7, "Fourth session"). This line scanner does
 * the same work for the common subset in a fraction of that. `yaml-block.test.ts` checks it
 * against the library on the repository's configs and on generated documents.
 */
export function parseBlockYaml(text: string, limits: ConfigLimits): { readonly value: unknown } | undefined {
  if (!hasOnlyPlainCharacters(text)) return undefined;
  const parser = new BlockParser(limits);
  const lines = text.split('\n');
  for (const line of lines) {
    let indent = 0;
    while (line.charCodeAt(indent) === 0x20) indent += 1;
    if (indent === line.length || line.charCodeAt(indent) === 0x23 /* # */) continue;
    if (!parser.line(indent, line.slice(indent))) return undefined;
  }
  return parser.root === undefined ? undefined : { value: parser.root.value };
}

interface Frame {
  readonly kind: 'map' | 'seq';
  readonly indent: number;
  readonly value: Record<string, unknown> | unknown[];
  readonly keys?: Set<string>;
  /** A list written at its parent key's own indentation (`key:\n- item`). */
  readonly compact?: boolean;
}

/** A key or list item whose value is on the following lines (or is null). */
interface Pending {
  readonly frame: Frame;
  readonly key: string | number;
  /** Column of the key or of the `-`: a nested block must be indented further. */
  readonly column: number;
  readonly fromKey: boolean;
}

class BlockParser {
  root: Frame | undefined;
  private readonly stack: Frame[] = [];
  private pending: Pending | undefined;
  private nodes = 0;

  constructor(private readonly limits: ConfigLimits) {}

  /** One content line (not blank, not a comment) without its indentation; false: not this subset. */
  line(indent: number, content: string): boolean {
    const item = isListItem(content);
    if (this.root === undefined) {
      if (indent !== 0 || content.startsWith('---') || content.startsWith('...') || content.startsWith('%')) return false;
      this.root = this.open(item ? 'seq' : 'map', 0, false);
    } else if (!this.attachPending(indent, item)) return false;
    let top = this.stack.at(-1);
    while (top !== undefined && (top.indent > indent || (top.compact === true && top.indent === indent && !item))) {
      this.stack.pop();
      top = this.stack.at(-1);
    }
    if (top === undefined || top.indent !== indent) return false;
    if (top.kind === 'seq') return item && this.listItem(top, indent, content);
    return !item && this.mappingEntry(top, indent, content);
  }

  private attachPending(indent: number, item: boolean): boolean {
    const pending = this.pending;
    if (pending === undefined) return true;
    this.pending = undefined;
    const nested = indent > pending.column;
    const compact = !nested && item && pending.fromKey && indent === pending.column;
    if (!nested && !compact) return true; // The value stays null.
    const frame = this.open(item ? 'seq' : 'map', indent, compact);
    if (frame === undefined) return false;
    (pending.frame.value as Record<string | number, unknown>)[pending.key] = frame.value;
    return true;
  }

  private open(kind: 'map' | 'seq', indent: number, compact: boolean): Frame | undefined {
    if (this.stack.length + 1 >= this.limits.maxDepth || !this.count(1)) return undefined;
    const frame: Frame = kind === 'map' ? { kind, indent, value: {}, keys: new Set(), compact } : { kind, indent, value: [], compact };
    this.stack.push(frame);
    return frame;
  }

  private listItem(frame: Frame, indent: number, content: string): boolean {
    const list = frame.value as unknown[];
    let start = 1;
    while (content.charCodeAt(start) === 0x20) start += 1;
    const rest = content.slice(start);
    if (!this.count(1)) return false;
    if (rest === '' || rest.startsWith('#')) {
      list.push(null);
      this.pending = { frame, key: list.length - 1, column: indent, fromKey: false };
      return true;
    }
    if (isListItem(rest)) return false;
    if (readKey(rest) !== undefined) {
      const map = this.open('map', indent + start, false);
      if (map === undefined) return false;
      list.push(map.value);
      return this.mappingEntry(map, indent + start, rest);
    }
    const scalar = readScalar(rest);
    if (scalar === undefined) return false;
    list.push(scalar.value);
    return true;
  }

  private mappingEntry(frame: Frame, indent: number, content: string): boolean {
    const key = readKey(content);
    if (key === undefined || frame.keys!.has(key.key) || !this.count(2)) return false;
    frame.keys!.add(key.key);
    const map = frame.value as Record<string, unknown>;
    const rest = content.slice(key.end).trimStart();
    if (rest === '' || rest.startsWith('#')) {
      map[key.key] = null;
      this.pending = { frame, key: key.key, column: indent, fromKey: true };
      return true;
    }
    const scalar = readScalar(rest);
    if (scalar === undefined) return false;
    map[key.key] = scalar.value;
    return true;
  }

  private count(nodes: number): boolean {
    this.nodes += nodes;
    return this.nodes <= this.limits.maxNodes;
  }
}

function isListItem(content: string): boolean {
  return content.charCodeAt(0) === 0x2d /* - */ && (content.length === 1 || content.charCodeAt(1) === 0x20);
}

const PLAIN_KEY = /^[A-Za-z_][\w./-]*/;
const NOT_STRING = /^(?:~|[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/;

/** `name:` or `"name":` / `'name':` followed by a space or the end; `end` is after the colon. */
function readKey(content: string): { key: string; end: number } | undefined {
  let key: string | undefined;
  let end: number;
  const quote = content[0];
  if (quote === '"' || quote === "'") {
    end = content.indexOf(quote, 1);
    if (end < 0) return undefined;
    key = content.slice(1, end);
    if (key.includes('\\') || key.includes('"') || key.includes("'")) return undefined;
    end += 1;
  } else {
    key = PLAIN_KEY.exec(content)?.[0];
    if (key === undefined || NOT_STRING.test(key)) return undefined;
    end = key.length;
  }
  if (content.charCodeAt(end) !== 0x3a /* : */ || (end + 1 < content.length && content.charCodeAt(end + 1) !== 0x20)) return undefined;
  if (key.length > 1000 || FORBIDDEN_KEYS.has(key)) return undefined;
  return { key, end: end + 1 };
}

const INDICATORS = new Set('-?:,[]{}#&*!|>%@`~+.0123456789');
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t' };

/** One scalar that ends on its line (an optional ` # comment` after it). */
function readScalar(rest: string): { value: unknown } | undefined {
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    let value = '';
    let index = 1;
    for (;;) {
      const char = rest[index];
      if (char === undefined) return undefined; // Continues on the next line: not this subset.
      if (char === quote) {
        if (quote === "'" && rest[index + 1] === "'") {
          value += "'";
          index += 2;
          continue;
        }
        break;
      }
      if (char === '\\' && quote === '"') {
        const escaped = ESCAPES[rest[index + 1] ?? ''];
        if (escaped === undefined) return undefined;
        value += escaped;
        index += 2;
        continue;
      }
      value += char;
      index += 1;
    }
    const after = rest.slice(index + 1);
    return after.trim() === '' || /^ +#/.test(after) ? { value } : undefined;
  }
  const comment = rest.indexOf(' #');
  const plain = (comment < 0 ? rest : rest.slice(0, comment)).trimEnd();
  if (plain.includes(': ') || plain.endsWith(':')) return undefined;
  if (/^[0-9]{1,15}$/.test(plain)) return { value: Number.parseInt(plain, 10) };
  if (NOT_STRING.test(plain)) return { value: plain === '~' || plain[0] === 'n' || plain[0] === 'N' ? null : plain[0] === 't' || plain[0] === 'T' };
  return INDICATORS.has(plain[0]!) ? undefined : { value: plain };
}

/** No tab, carriage return, other control character, byte order mark or Unicode line break. */
function hasOnlyPlainCharacters(text: string): boolean {
  return !/[\u0000-\u0009\u000b-\u001f\u007f\u0085\u2028\u2029\ufeff]/.test(text);
}
