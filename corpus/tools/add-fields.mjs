// add-fields.mjs — writes corpus/fields-own/NAME.json, the field truth of a page's first five expected items,
// from a person's reading of the page: links from the truth record, titles from the link text (or given),
// dates as given. It never runs the extractor.
//
//   node corpus/tools/add-fields.mjs NAME LINK-CSS DATES [TITLES] [NOTES]
// DATES: ';'-separated per item: "none" | "rel|text" | "YYYY-MM-DD|shown|text"; TITLES: ';;'-separated overrides ("" keeps link text)
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
const require = createRequire(new URL('../../packages/core/package.json', import.meta.url));
const { parseDocument } = require('htmlparser2');
const { selectAll, selectOne } = require('css-select');
const { textContent, getAttributeValue } = require('domutils');
const [name, linkSel, dates, titles, notes] = process.argv.slice(2);
const root = new URL('../', import.meta.url).pathname;
const truth = JSON.parse(readFileSync(`${root}truth/${name}.json`, 'utf8'));
const bytes = readFileSync(`${root}pages/${truth.file}`);
const declared = /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
let html; try { html = new TextDecoder(declared || 'utf-8').decode(bytes); } catch { html = bytes.toString('utf8'); }
const doc = parseDocument(html);
const b = selectOne('base[href]', doc); const base = b ? getAttributeValue(b, 'href') : '';
const text = new Map();
for (const a of selectAll(linkSel, doc)) {
  const href = getAttributeValue(a, 'href'); if (!href) continue;
  const u = new URL(href.trim(), new URL(base || '', truth.url)).href.replace(/#.*$/, '');
  if (!text.has(u)) text.set(u, textContent(a).replace(/\s+/g, ' ').trim());
}
const d = (dates || '').split(';');
const tt = (titles || '').split(';;');
const items = truth.expected_urls.slice(0, 5).map((link, i) => {
  const [x, y, z] = (d[i] || 'none').split('|');
  const date = /^\d{4}-\d\d-\d\d$/.test(x) ? { date: x, date_shown: y, date_text: z } : x === 'rel' ? { date: null, date_shown: 'relative', date_text: y } : { date: null, date_shown: 'none' };
  const title = tt[i] ? tt[i] : text.get(link);
  if (!title) throw new Error(`no title for ${link}`);
  return { title, link, ...date };
});
mkdirSync(`${root}fields-own`, { recursive: true });
writeFileSync(`${root}fields-own/${name}.json`, JSON.stringify({ page: name, written: 'Written from the page source (links from the truth record; titles and dates read from each item, with a drafting aid that prints link text and item text) before running the extractor on it.', notes: notes || '', items }, null, 2) + '\n');
for (const it of items) console.log(`  ${it.title} | ${it.date ?? it.date_shown} | ${it.link}`);
