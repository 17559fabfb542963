// draft-items.mjs — a field-truth drafting aid: prints the first N items a title-link selector picks (resolved
// link, link text) with the text of each item's container, so a person can read titles and dates.
// It never runs the extractor.
//
//   node corpus/tools/draft-items.mjs PAGE URL LINK-CSS [ITEM-CSS] [N]
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(new URL('../../packages/core/package.json', import.meta.url));
const { parseDocument } = require('htmlparser2');
const { selectAll, selectOne, is } = require('css-select');
const { textContent, getAttributeValue } = require('domutils');
const [file, url, linkSel, itemSel, nArg] = process.argv.slice(2);
const bytes = readFileSync(file);
const declared = /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
let html; try { html = new TextDecoder(declared || 'utf-8').decode(bytes); } catch { html = bytes.toString('utf8'); }
const doc = parseDocument(html);
const b = selectOne('base[href]', doc); const base = b ? getAttributeValue(b, 'href') : '';
const t = (n) => textContent(n).replace(/\s+/g, ' ').trim();
const seen = new Set(); let k = 0;
for (const a of selectAll(linkSel, doc)) {
  const href = getAttributeValue(a, 'href'); if (!href) continue;
  const u = new URL(href.trim(), new URL(base || '', url)).href.replace(/#.*$/, '');
  if (seen.has(u)) continue; seen.add(u);
  let item = a.parent;
  if (itemSel) { while (item && !(item.type === 'tag' && is(item, itemSel))) item = item.parent; }
  else for (let i = 0; i < 2 && item.parent; i++) item = item.parent;
  console.log(JSON.stringify({ title: t(a), link: u }));
  console.log('    ctx: ' + (item ? t(item).slice(0, 260) : ''));
  if (++k >= Number(nArg || 5)) break;
}
console.log(`total unique links: ${[...selectAll(linkSel, doc)].length} anchors`);
