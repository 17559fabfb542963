#!/usr/bin/env node
// after_heading.mjs — for every page of both corpora, whether each leading DOM candidate starts
// after the page's first <h1> in document order (1), before it (0), or the page has no <h1> (-1):
// menus and headers come before a page's own heading, its list after (issue #16, tenth session).
// Writes {page: [value per candidate]} for the offline proxy. Nothing here ships.
//
//   node corpus/fit/experiments/after_heading.mjs --develop-on 15,...,35 OUT.json
import { writeFileSync } from 'node:fs';
import { loadPages } from '../ranking-corpus.mjs';

const out = process.argv.at(-1);
const values = {};
let current;
const rootOf = (node) => {
  let at = node;
  while (at?.parent) at = at.parent;
  return at;
};
await loadPages(12, (observation) => {
  const first = observation.entries[0]?.members[0];
  if (!first) return;
  const order = new Map();
  let heading = -1;
  let index = 0;
  const stack = [rootOf(first)];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      order.set(node, index);
      if (heading < 0 && node.name === 'h1') heading = index;
      index += 1;
    }
    const children = node.children ?? [];
    for (let at = children.length - 1; at >= 0; at -= 1) stack.push(children[at]);
  }
  current = observation.entries.map((entry) => (heading < 0 ? -1 : (order.get(entry.members[0]) ?? 0) > heading ? 1 : 0));
}, (page) => {
  values[page] = current;
  current = undefined;
});
writeFileSync(out, JSON.stringify(values));
console.error(`wrote ${Object.keys(values).length} pages to ${out}`);
