import { readFileSync } from 'node:fs';
import { parseHtmlSource } from '@pagefeed/core';
import { collectGroups } from '../src/dom/collect.js';
import { inventory } from '../src/dom/inventory.js';
import { chooseLinkPath } from '../src/dom/link-choice.js';
import { extractItem } from '../src/dom/item-fields.js';
import { scoreItems } from '../src/dom/features.js';
const [name, pattern] = process.argv.slice(2);
const truth = JSON.parse(readFileSync(`/work/shared/corpus/truth/${name}.json`, 'utf8'));
const doc = parseHtmlSource(readFileSync(`/work/shared/corpus/pages/${truth.file}`, 'utf8'), truth.url);
const { groups, placements, isBoilerplate } = collectGroups(doc.document);
for (const g of groups) {
  if (!new RegExp(pattern!).test(g.key) && !new RegExp(pattern!).test(g.members[0]?.attribs.class ?? '')) continue;
  const inv = g.members.map((m) => inventory(m, doc.url));
  const path = chooseLinkPath(inv, doc.url);
  const items = g.members.flatMap((m, i) => extractItem(m, inv[i]!, path, doc.url) ?? []);
  if (items.length < 3) continue;
  const s = scoreItems(items, placements, doc.url, isBoilerplate);
  console.log(g.kind, g.key.slice(-60), s.score, items.length, 'path=', path, s.features.filter((f) => f.weight).map((f) => `${f.name}=${f.weight}`).join(' '));
  for (const it of items.slice(0, 3)) console.log('     ', it.draft.title?.slice(0, 60), it.draft.url);
}
