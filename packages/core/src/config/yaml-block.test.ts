import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { HTML2RSS_CONFIGS_DIR } from '../../../../testing/paths.js';
import { parseBlockYaml } from './yaml-block.js';
import { DEFAULT_CONFIG_LIMITS } from './yaml-limits.js';

/** What the `yaml` library makes of the text (the reference): its value, or 'error'. */
function library(text: string): unknown {
  const document = parseDocument(text, { merge: true });
  return document.errors.length > 0 ? 'error' : document.toJS({ maxAliasCount: -1 });
}

/** The fast path either declines or gives exactly the library's value for text the library accepts. */
function expectAgreement(text: string): boolean {
  const fast = parseBlockYaml(text, DEFAULT_CONFIG_LIMITS);
  if (fast === undefined) return false;
  expect(library(text), text).not.toBe('error');
  expect(fast.value, text).toStrictEqual(library(text));
  return true;
}

const ROOT = new URL('../../../../', import.meta.url);

function yamlFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

describe('parseBlockYaml (the fast path of parseYaml)', () => {
  it("reads the repository's feeds files and the benchmark configs exactly as the library does", () => {
    const files = [
      'feeds.yml',
      'packages/cli/scripts/training/feeds.yml',
      'packages/server/src/node/__fixtures__/feeds.yml',
      ...readdirSync(new URL('bench/configs/', ROOT)).map((name) => `bench/configs/${name}`),
    ];
    for (const file of files) expect(expectAgreement(readFileSync(new URL(file, ROOT), 'utf8')), file).toBe(true);
  });

  it('agrees with the library on every html2rss community config it accepts', () => {
    const files = yamlFiles(HTML2RSS_CONFIGS_DIR);
    const accepted = files.filter((file) => expectAgreement(readFileSync(file, 'utf8')));
    expect(files.length).toBeGreaterThan(0);
    // Most are plain block style; the rest (flow lists, block scalars) go to the library.
    expect(accepted.length).toBeGreaterThan(files.length / 2);
  });

  it.each([
    ['lists at the key’s own indentation and indented', 'a:\n- 1\n- x\nb:\n  - y\n  -\n    k: v\n'],
    ['mappings inside list items', 'items:\n  - name: one\n    value: "two"\n  - name: three\n    nested:\n      deep: true\n'],
    ['null values, comments and blank lines', '# head\na:\nb: ~ # tail\n\n   # indented comment\nc: Null\nd: null\ne:\n'],
    ['quoted scalars', `a: "x \\"y\\" \\\\ \\/ \\n \\t"\nb: 'it''s'\n"c d": '#not a comment'\n`],
    ['plain scalars that are not numbers or booleans', 'a: https://example.org/a?b=c#frag\nb: yes\nc: x#y\nd: a, b [c] {d}\ne: 007\nf: 123456789012345\n'],
    ['a list at the top', '- a\n- b: c\n'],
  ])('reads %s like the library', (_name, text) => {
    expect(expectAgreement(text)).toBe(true);
  });

  it.each([
    ['flow collections', 'a: [1, 2]\n'],
    ['block scalars', 'a: |\n  text\n'],
    ['anchors and aliases', 'a: &x 1\nb: *x\n'],
    ['merge keys', 'a:\n  k: 1\nb:\n  <<: {}\n'],
    ['tags', 'a: !!str 1\n'],
    ['multi-line plain scalars', 'a: one\n  two\n'],
    ['multi-line quoted scalars', 'a: "one\n  two"\n'],
    ['tabs', 'a:\n\tb: 1\n'],
    ['carriage returns', 'a: 1\r\nb: 2\r\n'],
    ['duplicate keys', 'a: 1\na: 2\n'],
    ['keys naming object internals', '__proto__: 1\n'],
    ['keys that are not strings', 'true: 1\n1: 2\n'],
    ['numbers other than decimal integers', 'a: 1.5\n'],
    ['unknown escapes', 'a: "\\u00e9"\n'],
    ['document markers', '---\na: 1\n'],
    ['inconsistent indentation', 'a:\n    b: 1\n  c: 2\n'],
    ['a nested mapping in a value', 'a: b: c\n'],
    ['an empty document', '# nothing\n'],
  ])('leaves %s to the library', (_name, text) => {
    expect(parseBlockYaml(text, DEFAULT_CONFIG_LIMITS)).toBeUndefined();
  });

  it('leaves a file deeper than the nesting limit to the library (which reports it)', () => {
    const text = Array.from({ length: 12 }, (_, depth) => `${' '.repeat(depth * 2)}k:`).join('\n');
    expect(parseBlockYaml(text, { ...DEFAULT_CONFIG_LIMITS, maxDepth: 10 })).toBeUndefined();
    expect(parseBlockYaml(text, DEFAULT_CONFIG_LIMITS)).toBeDefined();
  });

  it('agrees with the library on generated block documents and their near misses', () => {
    let accepted = 0;
    fc.assert(
      fc.property(documentArbitrary, fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: fc.array(mutationArbitrary, { minLength: 1, maxLength: 2 }), weight: 2 }), ({ tree, layout }, mutations) => {
        let text = render(tree, layout);
        for (const mutation of mutations) text = mutation(text);
        if (expectAgreement(text)) accepted += 1;
      }),
      { numRuns: 2_000, seed: 21 },
    );
    // The generator is meant to exercise the fast path, not only its refusals.
    expect(accepted).toBeGreaterThan(250);
  });
});

type Tree = { readonly map: readonly (readonly [string, Tree])[] } | { readonly seq: readonly Tree[] } | { readonly scalar: string; readonly style: 'plain' | 'single' | 'double' };

// Ordinary keys and values (weighted up, so most documents are in the fast path's subset) and
// tricky ones: numbers, booleans and nulls in every spelling, indicators, quotes, comments, tabs.
const KEYS = ['name', 'url', 'a', 'b', 'Accept-Language', 'time_zone', 'a.b', 'x/y', '_x', 'A1', 'selector', 'post_process'];
const TRICKY_KEYS = ['true', 'Null', '1', 'a b', '-a', '__proto__', '<<', 'a:b', 'k#', 'é', '~'];
const SCALARS = ['hello', 'Hello World', 'http://x.org/a?b=c#f', 'a#b', 'a:b', 'é ü', '日本', "it's", 'say "hi"', 'a, b', 'div > a[href]', '0', '60', 'True', 'null'];
const TRICKY_SCALARS = [
  'tRue', 'FALSE', 'NULL', '~', '', '007', '-1', '+1', '1.5', '.5', '1e3', '0x1F', '0o17', '1_000', '.inf', 'a #b', 'a: b', 'a:', '%{x}', '@x', '`x`', '!tag',
  '&a', '*a', '|', '>', '[a]', '{a: 1}', '- x', '-x', '?x', 'back\\slash', ' padded ', 'a  b', '12345678901234567', 'yes', '<<', '=', "'", '"', '\\n', 'tab\there',
];

const keyArbitrary = fc.oneof({ arbitrary: fc.constantFrom(...KEYS), weight: 6 }, { arbitrary: fc.constantFrom(...TRICKY_KEYS), weight: 1 });
const scalarArbitrary = fc.record({
  scalar: fc.oneof({ arbitrary: fc.constantFrom(...SCALARS), weight: 6 }, { arbitrary: fc.constantFrom(...TRICKY_SCALARS), weight: 1 }),
  style: fc.constantFrom('plain' as const, 'single' as const, 'double' as const),
});
const { tree: treeArbitrary } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArbitrary,
    fc.record({ map: fc.array(fc.tuple(keyArbitrary, tie('tree')), { minLength: 1, maxLength: 4 }) }),
    fc.record({ seq: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }) }),
  ),
}));
const documentArbitrary = fc.record({
  tree: fc.record({ map: fc.array(fc.tuple(keyArbitrary, treeArbitrary), { minLength: 1, maxLength: 5 }) }),
  layout: fc.array(fc.nat(99), { minLength: 64, maxLength: 64 }),
});
const mutationArbitrary = fc.tuple(fc.nat(), fc.constantFrom(' ', '-', ':', '#', '\t', '"', "'", '\n', '', ' - ', ': ')).map(
  ([position, insert]) => (text: string) => {
    const at = position % (text.length + 1);
    return insert === '' ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + insert + text.slice(at);
  },
);

function scalarText(node: { scalar: string; style: string }): string {
  if (node.style === 'single') return `'${node.scalar.replaceAll("'", "''")}'`;
  if (node.style === 'double') return `"${node.scalar.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return node.scalar;
}

/** Block style with layout choices (indent widths, compact lists, inline mappings, comments) from `layout`. */
function render(tree: Tree, layout: readonly number[]): string {
  let next = 0;
  const pick = (): number => layout[next++ % layout.length]!;
  const lines: string[] = [];
  const comment = (): string => (pick() < 15 ? ' # note' : '');
  const block = (node: Tree, indent: number): void => {
    const pad = ' '.repeat(indent);
    if ('map' in node) {
      for (const [key, value] of node.map) {
        const keyText = pick() < 20 ? `"${key}"` : key;
        if ('scalar' in value) lines.push(`${pad}${keyText}: ${scalarText(value)}${comment()}`);
        else {
          lines.push(`${pad}${keyText}:${comment()}`);
          block(value, 'seq' in value && pick() < 50 ? indent : indent + 1 + (pick() % 4));
        }
        if (pick() < 8) lines.push(`${' '.repeat(pick() % 6)}# comment line`);
        if (pick() < 8) lines.push('');
      }
    } else if ('seq' in node) {
      for (const item of node.seq) {
        if ('scalar' in item) lines.push(`${pad}- ${scalarText(item)}${comment()}`);
        else if ('map' in item && pick() < 60) {
          const gap = 1 + (pick() % 3);
          const start = lines.length;
          block(item, indent + 1 + gap);
          lines[start] = `${pad}-${' '.repeat(gap)}${lines[start]!.trimStart()}`;
        } else {
          lines.push(`${pad}-${comment()}`);
          block(item, indent + 1 + (pick() % 3));
        }
      }
    }
  };
  block(tree, 0);
  return `${lines.join('\n')}\n`;
}
