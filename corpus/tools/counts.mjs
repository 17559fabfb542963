#!/usr/bin/env node
// counts.mjs — corpus counts by kind, language, era and repository (markdown), for BENCHMARKS.md.
import { readdirSync, readFileSync } from 'node:fs';
const dir = new URL('../truth/', import.meta.url).pathname;
const records = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(dir + f, 'utf8')));
const tally = (key) => {
  const counts = new Map();
  for (const record of records) { const k = key(record); counts.set(k, (counts.get(k) ?? 0) + 1); }
  return [...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
};
const table = (title, rows) => `| ${title} | pages |\n|---|---|\n${rows.map(([k, n]) => `| ${k} | ${n} |`).join('\n')}\n`;
const era = (r) => (r.year < 2010 ? '2005–2009' : r.year < 2015 ? '2010–2014' : r.year < 2020 ? '2015–2019' : r.year < 2024 ? '2020–2023' : '2024–2026');
const lists = records.filter((r) => !r.expect_error).length;
console.log(`${records.length} pages (${lists} list pages) from ${new Set(records.map((r) => r.source.repo)).size} repositories\n`);
console.log(table('kind', tally((r) => r.kind)));
console.log(table('language', tally((r) => r.language)));
console.log(table('era (year saved or published)', tally(era)));
const feature = (name) => records.filter((r) => r.features?.some((f) => f.includes(name))).length;
console.log(`features: ${['table', 'carousel', 'related-links', 'link-less', 'forum', 'job-board', 'podcast', 'shop', 'review', 'newsroom', 'directory', 'search', 'hashed-classes', 'sections'].map((f) => `${f} ${feature(f)}`).join(', ')}`);
