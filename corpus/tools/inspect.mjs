#!/usr/bin/env node
// inspect.mjs — a truth-writing aid: prints a saved page's facts (title, canonical URL, language,
// size, scripts, text length) and its repeated link structures (anchors grouped by the tag/class
// chain of their ancestors), numbered, so a person can decide which list a subscriber wants.
// It does not run the extractor and makes no judgement.
//
//   node corpus/tools/inspect.mjs PAGE [BASE-URL] [--all] [--group N]
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(new URL('../../packages/core/package.json', import.meta.url));
const { parseDocument } = require('htmlparser2');
const { selectAll, selectOne } = require('css-select');
const { textContent, getAttributeValue } = require('domutils');

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const groupIndex = args.includes('--group') ? Number(args[args.indexOf('--group') + 1]) : undefined;
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--group' && args[i - 1] !== '--min');
const [file, baseArg] = positional;
const bytes = readFileSync(file);
const declared = /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
let html;
try { html = new TextDecoder(declared || 'utf-8').decode(bytes); } catch { html = bytes.toString('utf8'); }
const doc = parseDocument(html);
const text = (node) => textContent(node).replace(/\s+/g, ' ').trim();
const attr = (sel, name) => { const n = selectOne(sel, doc); return n ? getAttributeValue(n, name) : undefined; };
const canonical = attr('link[rel=canonical]', 'href');
const ogUrl = attr('meta[property="og:url"]', 'content');
const baseHref = attr('base[href]', 'href');
const base = baseArg || canonical || ogUrl || 'http://example.invalid/';
const resolve = (href) => { try { return new URL(href, new URL(baseHref || '', base)).href; } catch { return href; } };
const body = selectOne('body', doc);
console.log(JSON.stringify({
  title: text(selectOne('title', doc) ?? { children: [] }).slice(0, 120), canonical, ogUrl, baseHref,
  lang: attr('html', 'lang'), bytes: html.length, scripts: selectAll('script', doc).length,
  anchors: selectAll('a[href]', doc).length, bodyText: body ? text(body).length : 0,
}));
if (flags.has('--text')) { console.log(body ? text(body).slice(0, 3000) : ''); process.exit(0); }

const label = (el) => {
  const cls = (getAttributeValue(el, 'class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2).join('.');
  return el.name + (cls ? `.${cls}` : '');
};
function chain(el, depth) {
  const parts = [];
  for (let n = el.parent; n && n.type === 'tag' && parts.length < depth; n = n.parent) parts.unshift(label(n));
  return parts.join(' > ');
}
const groups = new Map();
selectAll('a[href]', doc).forEach((a, index) => {
  const href = getAttributeValue(a, 'href');
  if (!href || href.startsWith('#') || href.startsWith('javascript:')) return;
  const key = `${chain(a, 4)} > ${label(a)}`;
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push({ index, url: resolve(href), text: text(a).slice(0, 90) });
});
const min = args.includes('--min') ? Number(args[args.indexOf('--min') + 1]) : 3;
const list = [...groups.entries()].filter(([, anchors]) => anchors.length >= (flags.has('--all') ? 1 : min));
list.forEach(([key, anchors], n) => {
  if (groupIndex !== undefined && n !== groupIndex) return;
  console.log(`\n#${n} (${anchors.length}) ${key}`);
  const show = groupIndex !== undefined ? anchors : anchors.slice(0, 6);
  for (const a of show) console.log(`   [${a.index}] ${a.text || '(no text)'} -> ${a.url}`);
  if (show.length < anchors.length) console.log(`   ... ${anchors.length - show.length} more`);
});
