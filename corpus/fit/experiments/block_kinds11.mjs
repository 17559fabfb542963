#!/usr/bin/env node
// block_kinds11.mjs — for every page of both corpora, four structural facts of each leading DOM
// candidate that describe what a reader takes for the page's main list or for its chrome (issue #16,
// eleventh session): rows that are branches of a tree of links (a nested list below or above them),
// rows inside a form or holding its controls, rows that are tabs, and rows that are list items
// inside another list item (a tree's or a drop-down menu's lower level). Writes
// {page: [[tree, form, tab, nested], ...]} beside a fit-ranking.mjs
// --dump of the same build, for the offline proxy. Nothing here ships.
//
//   node corpus/fit/experiments/block_kinds11.mjs --develop-on 15,...,42 OUT.json
import { writeFileSync } from 'node:fs';
import { loadPages } from '../ranking-corpus.mjs';

const out = process.argv.at(-1);
const facts = {};
const LISTS = new Set(['ul', 'ol', 'dl']);
const CONTROLS = new Set(['input', 'select', 'textarea', 'button']);

/** Lists (ul/ol) among an element's ancestors, up to 40 steps. */
function listAncestors(element) {
  let count = 0;
  for (let current = element.parent, steps = 0; current && steps < 40; current = current.parent, steps += 1) if (current.type === 'tag' && (current.name === 'ul' || current.name === 'ol')) count += 1;
  return count;
}
const hasAncestor = (element, test) => {
  for (let current = element.parent, steps = 0; current && steps < 40; current = current.parent, steps += 1) if (current.type === 'tag' && test(current)) return true;
  return false;
};
/** True when a descendant of `element` (up to 400 nodes) passes `test`. */
function hasDescendant(element, test) {
  const stack = [...(element.children ?? [])];
  let seen = 0;
  while (stack.length > 0 && seen < 400) {
    const node = stack.pop();
    seen += 1;
    if (node.type !== 'tag') continue;
    if (test(node)) return true;
    stack.push(...(node.children ?? []));
  }
  return false;
}
const share = (members, test) => (members.length === 0 ? 0 : members.filter(test).length / members.length);
const role = (element) => (element.attribs?.role ?? '').toLowerCase();

let current;
await loadPages(12, (observation) => {
  current = observation.entries.map((entry) => {
    const members = entry.members;
    // A branch of a tree: the row holds a list of links itself, or sits two lists deep.
    const tree = share(members, (member) => listAncestors(member) >= 2 || (member.name === 'li' && hasDescendant(member, (node) => LISTS.has(node.name))));
    const form = share(members, (member) => hasAncestor(member, (node) => node.name === 'form') || CONTROLS.has(member.name) || hasDescendant(member, (node) => CONTROLS.has(node.name)));
    const tab = share(members, (member) => role(member) === 'tab' || hasAncestor(member, (node) => role(node) === 'tablist') || hasDescendant(member, (node) => role(node) === 'tab' || node.attribs?.['aria-selected'] !== undefined));
    // A list item inside another list item (li > ul > li): a level of a tree or of a drop-down menu.
    const nested = share(members, (member) => {
      let item = member;
      while (item && item.type === 'tag' && item.name !== 'li') item = item.parent;
      return item?.name === 'li' && hasAncestor(item, (node) => node.name === 'li');
    });
    return [tree, form, tab, nested];
  });
}, (page) => {
  facts[page] = current;
  current = undefined;
});
writeFileSync(out, JSON.stringify(facts));
console.error(`wrote ${Object.keys(facts).length} pages to ${out}`);
