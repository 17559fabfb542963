#!/usr/bin/env node
// field-facts.mjs — a field-truth-writing aid: for the first five expected items of a list page of
// the own corpus (in page order), prints what the page itself shows about each: the title link's
// text, its title/aria-label attributes, the text of the item's card (the largest ancestor holding
// no other expected item), the <time> elements, date-like attributes and date-like text inside the
// card, and the nearest heading above it. It does not run the extractor and makes no judgement:
// a person reads these facts (and the page, where they are unclear) and writes corpus/fields/*.json.
//
//   node corpus/tools/field-facts.mjs PAGE-NAME [--corpus corpus] [--draft]
//
// --draft prints a starting record (titles = link text, dates empty) for the person to correct.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const require = createRequire(join(ROOT, 'packages/core/package.json'));
const { parseDocument } = require('htmlparser2');
const { selectAll, selectOne } = require('css-select');
const { textContent, getAttributeValue } = require('domutils');
const { decodeBody } = await import(join(ROOT, 'packages/fetchers/dist/index.js'));

const args = process.argv.slice(2);
const name = args.find((arg) => !arg.startsWith('--'));
const corpus = resolve(args.includes('--corpus') ? args[args.indexOf('--corpus') + 1] : join(ROOT, 'corpus'));
const record = JSON.parse(readFileSync(join(corpus, 'truth', `${name}.json`), 'utf8'));
const { text: html } = decodeBody(readFileSync(join(corpus, 'pages', record.file)), 'text/html');
const doc = parseDocument(html);
const clean = (node) => textContent(node).replace(/\s+/g, ' ').trim();
const baseHref = selectOne('base[href]', doc);
const base = new URL(baseHref ? getAttributeValue(baseHref, 'href') : '', record.url).href;
const key = (url) => url.replace(/#.*$/, '').replace(/\/$/, '').replace(/^http:/, 'https:');
const resolveHref = (href) => { try { return new URL(href, base).href; } catch { return href; } };

const original = new Map((record.expected_urls ?? []).map((url) => [key(url), url]));
const expected = new Set(original.keys());
const anchors = selectAll('a[href]', doc).map((a) => ({ a, url: resolveHref(getAttributeValue(a, 'href')) }));
const firstFive = [];
const seen = new Set();
for (const { a, url } of anchors) {
  if (!expected.has(key(url)) || seen.has(key(url))) continue;
  // Prefer the anchor with text (the title link) among the anchors to this URL.
  const same = anchors.filter((other) => key(other.url) === key(url));
  const titled = same.find((other) => clean(other.a).length > 3) ?? same[0];
  seen.add(key(url));
  firstFive.push({ a: titled.a, url });
  if (firstFive.length === 5) break;
}

const DATE_TEXT = /\b(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{1,2}(st|nd|rd|th)?\s+[A-Za-z]{3,9}\.?,?\s+\d{4}|[A-Za-z]{3,9}\.?\s+\d{1,2}(st|nd|rd|th)?,?\s+\d{4}|\d{4}年\d{1,2}月\d{1,2}日|\d{1,2}月\d{1,2}日|\d+\s+(minutes?|hours?|days?|weeks?|months?)\s+ago|[A-Za-z]{3,9}\s+\d{4}|\d{1,2}:\d{2})/g;

function card(a, url) {
  let best = a;
  for (let parent = a.parent; parent && parent.type === 'tag' && parent.name !== 'body'; parent = parent.parent) {
    const others = selectAll('a[href]', parent).some((other) => {
      const k = key(resolveHref(getAttributeValue(other, 'href')));
      return expected.has(k) && k !== key(url);
    });
    if (others) break;
    best = parent;
  }
  return best;
}

function headingAbove(node) {
  for (let current = node; current && current.type === 'tag'; current = current.parent) {
    for (let sibling = current.prev; sibling; sibling = sibling.prev) {
      if (sibling.type !== 'tag') continue;
      if (/^(h[1-6]|dt)$/.test(sibling.name) || /date|day/i.test(getAttributeValue(sibling, 'class') ?? '')) return `${sibling.name}: ${clean(sibling).slice(0, 80)}`;
      const inner = selectOne('h1,h2,h3,h4,h5,h6', sibling);
      if (inner) return `${inner.name}: ${clean(inner).slice(0, 80)}`;
    }
  }
  return '';
}

const drafts = [];
console.log(`${name}  ${record.url}  lang=${record.language ?? '?'} year=${record.year ?? '?'}`);
if (!firstFive.length && record.expected_titles) console.log('  (items without links: expected_titles)', record.expected_titles.slice(0, 5));
for (const { a, url } of firstFive) {
  const box = card(a, url);
  const times = selectAll('time', box).map((t) => `<time datetime=${getAttributeValue(t, 'datetime')}>${clean(t)}`);
  const attrs = [];
  for (const el of selectAll('*', box)) {
    for (const [attr, value] of Object.entries(el.attribs ?? {})) {
      if (/^(title|datetime|aria-label|content)$|^data-/.test(attr) && /\d{4}|\d{1,2}[:/.]\d{2}/.test(value) && value.length < 80) attrs.push(`${el.name}[${attr}=${value}]`);
    }
  }
  const boxText = clean(box);
  console.log(`\n- ${url}`);
  console.log(`  link text: ${JSON.stringify(clean(a))}  title=${JSON.stringify(getAttributeValue(a, 'title') ?? '')} aria=${JSON.stringify(getAttributeValue(a, 'aria-label') ?? '')}`);
  console.log(`  card <${box.name} class=${getAttributeValue(box, 'class') ?? ''}>: ${boxText.slice(0, 400)}`);
  if (times.length) console.log(`  time: ${times.join(' | ')}`);
  if (attrs.length) console.log(`  attrs: ${attrs.slice(0, 6).join(' | ')}`);
  const dateTexts = [...new Set(boxText.match(DATE_TEXT) ?? [])];
  if (dateTexts.length) console.log(`  date-like text: ${dateTexts.slice(0, 6).join(' | ')}`);
  const heading = headingAbove(box);
  if (heading) console.log(`  heading above: ${heading}`);
  drafts.push({ title: clean(a), link: original.get(key(url)), date: null, date_shown: 'none' });
}
if (args.includes('--draft')) console.log(JSON.stringify({ page: name, items: drafts }, null, 2));
