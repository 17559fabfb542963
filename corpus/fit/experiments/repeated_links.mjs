#!/usr/bin/env node
// repeated_links.mjs — for every page of both corpora, the share of each leading DOM candidate's
// item links that another leading candidate, not nested with it, also links to (a menu repeated by a
// footer sitemap or a mega-menu; issue #16, tenth session). Writes {page: [share per candidate]}
// beside a fit-ranking.mjs --dump of the same build, for the offline proxy. Nothing here ships.
//
//   node corpus/fit/experiments/repeated_links.mjs --develop-on 15,...,35 OUT.json
import { writeFileSync } from 'node:fs';
import { loadPages } from '../ranking-corpus.mjs';

const out = process.argv.at(-1);
const shares = {};
const within = (element, members) => {
  const set = new Set(members);
  for (let current = element?.parent, steps = 0; current && steps < 40; current = current.parent, steps += 1) if (set.has(current)) return true;
  return false;
};
let current;
await loadPages(12, (observation) => {
  const entries = observation.entries;
  const keys = entries.map((entry) => new Set(entry.items.map((item) => item.urlKey).filter((key) => key !== undefined)));
  current = entries.map((entry, index) => {
    const others = new Set();
    entries.forEach((other, at) => {
      if (at === index || within(entry.members[0], other.members) || within(other.members[0], entry.members)) return;
      for (const key of keys[at]) others.add(key);
    });
    let shared = 0;
    for (const key of keys[index]) if (others.has(key)) shared += 1;
    return keys[index].size === 0 ? 0 : shared / keys[index].size;
  });
}, (page) => {
  shares[page] = current;
  current = undefined;
});
writeFileSync(out, JSON.stringify(shares));
console.error(`wrote ${Object.keys(shares).length} pages to ${out}`);
